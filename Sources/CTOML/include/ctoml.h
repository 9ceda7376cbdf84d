// A plain C view of a TOML document parsed by toml++ (Debian libtomlplusplus-dev), for
// Swift: either a syntax error with its position, or every node of the document as a
// flat list in depth-first order, each with its parent, key, type, value and the line
// and column it was written at. C only: Swift imports this header without C++ interop.
#ifndef CTOML_H
#define CTOML_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CTOML_TABLE,
    CTOML_ARRAY,
    CTOML_STRING,
    CTOML_INTEGER,
    CTOML_FLOAT,
    CTOML_BOOLEAN,
    CTOML_DATE,
    CTOML_TIME,
    CTOML_DATE_TIME,
} ctoml_kind;

typedef struct {
    /// Index of the enclosing table or array in the node list; -1 for the root table.
    int64_t parent;
    ctoml_kind kind;
    /// The key in the parent table (UTF-8, may hold NUL, so use key_length); NULL when
    /// the parent is an array.
    const char *key;
    size_t key_length;
    /// Where the key was written (1-based; 0 when the key was implied, e.g. the
    /// root or a table made by a dotted header).
    uint32_t key_line, key_column;
    /// Where the value was written (1-based): for a table its header or '{'.
    uint32_t line, column;
    int64_t integer;
    double real;
    int boolean;
    /// Strings: the value. Dates and times: their TOML spelling, e.g. "1979-05-27".
    const char *text;
    size_t text_length;
} ctoml_node;

typedef struct ctoml_document ctoml_document;

/// Parses `length` bytes of UTF-8. Never returns NULL unless memory runs out; check
/// ctoml_error() before reading nodes. Free with ctoml_free. A text with more than 4096
/// '.', '[' and '{' characters outside comments and strings is refused unparsed (see ctoml.cpp: deep nesting would
/// overflow the stack inside toml++).
ctoml_document *ctoml_parse(const char *text, size_t length);

/// NULL when the text parsed; otherwise the parser's description of the first syntax
/// error, with its position in *line and *column (1-based).
const char *ctoml_error(const ctoml_document *document, uint32_t *line, uint32_t *column);

size_t ctoml_node_count(const ctoml_document *document);
/// The nodes, valid until ctoml_free. Node 0 is the root table.
const ctoml_node *ctoml_nodes(const ctoml_document *document);

void ctoml_free(ctoml_document *document);

#ifdef __cplusplus
}
#endif

#endif
