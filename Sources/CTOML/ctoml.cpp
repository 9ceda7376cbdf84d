// The C face of toml++ for Swift (see include/ctoml.h). toml++ does the parsing, to the
// letter of TOML 1.0; this file only flattens its tree into an array of plain structs.
// No C++ exception ever leaves this file: parse errors become ctoml_error, and anything
// else (out of memory) a NULL document.
#include "ctoml.h"

#include <deque>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include <toml++/toml.h>

struct ctoml_document {
    toml::table root;            // owns the strings the nodes point into
    std::vector<ctoml_node> nodes;
    std::deque<std::string> texts;  // date/time spellings; a deque never moves its items
    std::string error;
    bool failed = false;
    uint32_t error_line = 0, error_column = 0;
};

namespace {

void position(const toml::source_region &region, uint32_t &line, uint32_t &column) {
    line = region.begin.line;
    column = region.begin.column;
}

template <typename T>
const char *spell(ctoml_document &document, const T &value, size_t &length) {
    std::ostringstream out;
    out << value;
    document.texts.push_back(out.str());
    length = document.texts.back().size();
    return document.texts.back().c_str();
}

void add(ctoml_document &document, const toml::node &node, int64_t parent, const toml::key *key) {
    ctoml_node item{};
    item.parent = parent;
    if (key) {
        item.key = key->str().data();
        item.key_length = key->str().size();
        position(key->source(), item.key_line, item.key_column);
    }
    position(node.source(), item.line, item.column);
    switch (node.type()) {
    case toml::node_type::table: item.kind = CTOML_TABLE; break;
    case toml::node_type::array: item.kind = CTOML_ARRAY; break;
    case toml::node_type::string: {
        item.kind = CTOML_STRING;
        const std::string &s = node.as_string()->get();
        item.text = s.data();
        item.text_length = s.size();
        break;
    }
    case toml::node_type::integer: item.kind = CTOML_INTEGER; item.integer = node.as_integer()->get(); break;
    case toml::node_type::floating_point: item.kind = CTOML_FLOAT; item.real = node.as_floating_point()->get(); break;
    case toml::node_type::boolean: item.kind = CTOML_BOOLEAN; item.boolean = node.as_boolean()->get() ? 1 : 0; break;
    case toml::node_type::date: item.kind = CTOML_DATE; item.text = spell(document, node.as_date()->get(), item.text_length); break;
    case toml::node_type::time: item.kind = CTOML_TIME; item.text = spell(document, node.as_time()->get(), item.text_length); break;
    case toml::node_type::date_time:
        item.kind = CTOML_DATE_TIME;
        item.text = spell(document, node.as_date_time()->get(), item.text_length);
        break;
    default: item.kind = CTOML_STRING; break;  // toml::node_type::none never occurs in a parsed tree
    }
    const int64_t index = static_cast<int64_t>(document.nodes.size());
    document.nodes.push_back(item);
    if (const toml::table *table = node.as_table()) {
        for (const auto &[childKey, child] : *table) add(document, child, index, &childKey);
    } else if (const toml::array *array = node.as_array()) {
        for (const toml::node &child : *array) add(document, child, index, nullptr);
    }
}

// toml++ recurses once per level of nesting when it finishes and frees a document
// (and so does add() above), and a dotted key nests without limit: `a.a.a…` 20 000
// levels deep (40 kB) overflows an 8 MB stack. Every level needs a '.', '[' or '{' in
// the TOML structure, so their count bounds the depth without parsing anything. Only
// structure counts: the same characters in comments (rulers of dots) and in strings
// (file names, web addresses) nest nothing. A Lectern configuration of a 1,100-page
// site has about 2,200 (two '[' per [[page]]); a file with more than this many is
// refused before toml++ sees it.
constexpr size_t nesting_characters_limit = 4096;

bool too_deep(ctoml_document &document, const char *text, size_t length) {
    // Just enough lexing to skip comments and the four kinds of string; toml++ then
    // parses the file properly (an unterminated string simply runs to the end here).
    enum class State { structure, comment, basic, literal, multiline_basic, multiline_literal } state = State::structure;
    auto starts = [&](size_t i, const char *what) {
        for (size_t k = 0; what[k]; k++)
            if (i + k >= length || text[i + k] != what[k]) return false;
        return true;
    };
    size_t count = 0;
    uint32_t line = 1, column = 0;
    for (size_t i = 0; i < length; i++) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if ((c & 0xC0) != 0x80) column++;  // count code points, as toml++ does
        if (c == '\n') { line++; column = 0; }
        switch (state) {
        case State::comment:
            if (c == '\n') state = State::structure;
            continue;
        case State::basic:  // one line; a backslash escapes the next character
            if (c == '\\' && i + 1 < length && text[i + 1] != '\n') { i++; column++; } else if (c == '"' || c == '\n') state = State::structure;
            continue;
        case State::literal:
            if (c == '\'' || c == '\n') state = State::structure;
            continue;
        case State::multiline_basic:
            if (c == '\\') {
                if (i + 1 < length && text[i + 1] != '\n') { i++; column++; }  // an escaped character, not a line end
            } else if (starts(i, "\"\"\"")) {
                while (i + 1 < length && text[i + 1] == '"') { i++; column++; }  // up to two quotes may end the content
                state = State::structure;
            }
            continue;
        case State::multiline_literal:
            if (starts(i, "\'\'\'")) {
                while (i + 1 < length && text[i + 1] == '\'') { i++; column++; }
                state = State::structure;
            }
            continue;
        case State::structure:
            break;
        }
        if (c == '#') { state = State::comment; continue; }
        if (c == '"') {
            if (starts(i, "\"\"\"")) { state = State::multiline_basic; i += 2; column += 2; } else state = State::basic;
            continue;
        }
        if (c == '\'') {
            if (starts(i, "\'\'\'")) { state = State::multiline_literal; i += 2; column += 2; } else state = State::literal;
            continue;
        }
        if ((c == '.' || c == '[' || c == '{') && ++count > nesting_characters_limit) {
            document.failed = true;
            document.error_line = line;
            document.error_column = column;
            document.error = "more than " + std::to_string(nesting_characters_limit) +
                             " '.', '[' and '{' characters outside comments and strings, which could nest deeper than "
                             "the TOML parser can follow; a configuration needs about two per page";
            return true;
        }
    }
    return false;
}

}  // namespace

extern "C" ctoml_document *ctoml_parse(const char *text, size_t length) {
    ctoml_document *document = new (std::nothrow) ctoml_document();
    if (!document) return nullptr;
    try {
        if (too_deep(*document, text, length)) return document;
        try {
            document->root = toml::parse(std::string_view(text, length));
            add(*document, document->root, -1, nullptr);
        } catch (const toml::parse_error &error) {
            document->failed = true;
            document->error = std::string(error.description());
            document->error_line = error.source().begin.line;
            document->error_column = error.source().begin.column;
            document->nodes.clear();
        }
    } catch (...) {
        delete document;
        return nullptr;
    }
    return document;
}

extern "C" const char *ctoml_error(const ctoml_document *document, uint32_t *line, uint32_t *column) {
    if (!document->failed) return nullptr;
    if (line) *line = document->error_line;
    if (column) *column = document->error_column;
    return document->error.c_str();
}

extern "C" size_t ctoml_node_count(const ctoml_document *document) { return document->nodes.size(); }

extern "C" const ctoml_node *ctoml_nodes(const ctoml_document *document) { return document->nodes.data(); }

extern "C" void ctoml_free(ctoml_document *document) { delete document; }
