// libxml2's streaming XML reader (xmlTextReader) behind a C face of one opaque handle,
// for the XML that other programs answer (pdftohtml -xml). Same reason as html_tree.h for
// not importing libxml2's headers into Swift: their ICU clashes with Foundation's.
#ifndef LECTERN_XML_READER_H
#define LECTERN_XML_READER_H

/// What the reader stands on after lectern_xml_next.
enum lectern_xml_kind {
    LECTERN_XML_OTHER = 0,
    LECTERN_XML_START = 1,   // an element's start tag (also an empty element: no END follows)
    LECTERN_XML_END = 2,     // an element's end tag
    LECTERN_XML_TEXT = 3     // character data, CDATA or whitespace
};

/// Opens a reader over a private copy of `length` bytes (the caller's bytes are read during
/// the call only): no network, no DTD loading, no entity substitution, errors kept (read
/// them with lectern_xml_error), none printed. Returns NULL when out of memory.
void *lectern_xml_open(const char *bytes, int length);
void lectern_xml_free(void *reader);

/// Moves to the next node: 1 on a node, 0 at the end of the document, -1 on an error.
int lectern_xml_next(void *reader);
enum lectern_xml_kind lectern_xml_kind(void *reader);
/// True for `<a/>`: its START is all there is.
int lectern_xml_is_empty(void *reader);
/// The element's name or the text's characters; valid until the next call on the reader.
const char *lectern_xml_name(void *reader);
const char *lectern_xml_value(void *reader);
/// Attribute `name` of the current element, or NULL; valid until the next call on the reader.
const char *lectern_xml_attribute(void *reader, const char *name);
/// The line the parser is on (1-based, 0: unknown).
int lectern_xml_line(void *reader);
/// libxml2's first error message (without its trailing newline), or NULL when none.
const char *lectern_xml_error(void *reader);

#endif
