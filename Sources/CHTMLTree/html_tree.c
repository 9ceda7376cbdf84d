#include "html_tree.h"

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <strings.h>

void *lectern_html_parse(const char *bytes, int length) {
    if (bytes == NULL || length <= 0) return NULL;
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET
        | HTML_PARSE_NOIMPLIED | HTML_PARSE_NODEFDTD;
    return htmlReadMemory(bytes, length, NULL, "UTF-8", options);
}

void lectern_html_free(void *document) {
    if (document != NULL) xmlFreeDoc((xmlDocPtr)document);
}

const void *lectern_html_first(const void *document) {
    return document == NULL ? NULL : ((const xmlDoc *)document)->children;
}

const void *lectern_html_children(const void *node) {
    const xmlNode *n = node;
    // An attribute's or entity's children are not content.
    return n != NULL && n->type == XML_ELEMENT_NODE ? n->children : NULL;
}

const void *lectern_html_next(const void *node) { return node == NULL ? NULL : ((const xmlNode *)node)->next; }

enum lectern_html_kind lectern_html_node_kind(const void *node) {
    switch (((const xmlNode *)node)->type) {
    case XML_ELEMENT_NODE: return LECTERN_HTML_ELEMENT;
    case XML_TEXT_NODE: case XML_CDATA_SECTION_NODE: return LECTERN_HTML_TEXT;
    case XML_COMMENT_NODE: return LECTERN_HTML_COMMENT;
    default: return LECTERN_HTML_OTHER;
    }
}

const char *lectern_html_name(const void *node) {
    const xmlNode *n = node;
    return n->type == XML_ELEMENT_NODE ? (const char *)n->name : NULL;
}

const char *lectern_html_content(const void *node) {
    const xmlNode *n = node;
    return n->type == XML_ELEMENT_NODE ? NULL : (const char *)n->content;
}

long lectern_html_line(const void *node) { return xmlGetLineNo((const xmlNode *)node); }

const char *lectern_html_attribute(const void *node, const char *name) {
    const xmlNode *n = node;
    if (n->type != XML_ELEMENT_NODE) return NULL;
    for (const xmlAttr *a = n->properties; a != NULL; a = a->next) {
        if (a->name != NULL && strcasecmp((const char *)a->name, name) == 0) {
            // <img alt> has no text child: present but empty.
            return a->children != NULL && a->children->content != NULL ? (const char *)a->children->content : "";
        }
    }
    return NULL;
}
