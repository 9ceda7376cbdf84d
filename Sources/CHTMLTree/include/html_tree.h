// libxml2's HTML parser behind a C face of opaque pointers. Why not import libxml2's
// headers into Swift directly: Debian builds libxml2 with ICU, so its headers pull in
// the system's ICU, which clashes with the ICU copy inside Swift's Foundation
// ("'UErrorCode' has different definitions in different modules").
#ifndef LECTERN_HTML_TREE_H
#define LECTERN_HTML_TREE_H

#include <stddef.h>

/// What a node is.
enum lectern_html_kind { LECTERN_HTML_OTHER = 0, LECTERN_HTML_ELEMENT = 1, LECTERN_HTML_TEXT = 2, LECTERN_HTML_COMMENT = 3 };

/// Parses `length` bytes of UTF-8 HTML as a fragment (no implied <html>/<body>), with
/// recovery, no network, no error output. The bytes are read during the call only.
/// Returns the document (free it with lectern_html_free) or NULL.
void *lectern_html_parse(const char *bytes, int length);
void lectern_html_free(void *document);

/// The document's first top-level node, a node's first child or next sibling; NULL at the end.
const void *lectern_html_first(const void *document);
const void *lectern_html_children(const void *node);
const void *lectern_html_next(const void *node);

enum lectern_html_kind lectern_html_node_kind(const void *node);
/// An element's tag name (lower case for HTML), or NULL.
const char *lectern_html_name(const void *node);
/// A text or comment node's text (entities decoded), or NULL.
const char *lectern_html_content(const void *node);
/// The node's 1-based line in the parsed text (0: unknown).
long lectern_html_line(const void *node);
/// The first text of attribute `name` (ASCII, case-insensitive), or NULL when absent.
/// Points into the document: valid until lectern_html_free.
const char *lectern_html_attribute(const void *node, const char *name);

#endif
