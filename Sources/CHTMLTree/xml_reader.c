#include "xml_reader.h"

#include <libxml/xmlreader.h>
#include <stdlib.h>
#include <string.h>

struct lectern_xml_reader {
    xmlTextReaderPtr reader;
    char *bytes;            // the reader's input: libxml2 reads memory in place, not a copy
    xmlChar *attribute;     // the last attribute asked for (libxml2 hands out a copy)
    char *error;            // the first error message
};

static void keep_first_error(void *arg, const char *msg, xmlParserSeverities severity, xmlTextReaderLocatorPtr locator) {
    (void)locator;
    struct lectern_xml_reader *r = arg;
    if (r->error != NULL || msg == NULL
        || (severity != XML_PARSER_SEVERITY_ERROR && severity != XML_PARSER_SEVERITY_VALIDITY_ERROR)) return;
    r->error = strdup(msg);
    if (r->error != NULL) {
        size_t n = strlen(r->error);
        while (n > 0 && (r->error[n - 1] == '\n' || r->error[n - 1] == ' ')) r->error[--n] = '\0';
    }
}

// libxml2 reports encoding errors through the thread's generic handler, not the
// reader's: without this they would go to stderr (the journal) for every bad answer.
static void ignore_generic_error(void *context, const char *msg, ...) { (void)context; (void)msg; }

static void drop_attribute(struct lectern_xml_reader *r) {
    if (r->attribute != NULL) xmlFree(r->attribute);
    r->attribute = NULL;
}

void *lectern_xml_open(const char *bytes, int length) {
    if (length < 0 || (bytes == NULL && length > 0)) return NULL;
    struct lectern_xml_reader *r = calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    r->bytes = malloc((size_t)length + 1);
    if (r->bytes == NULL) { free(r); return NULL; }
    if (length > 0) memcpy(r->bytes, bytes, (size_t)length);
    r->bytes[length] = '\0';
    xmlSetGenericErrorFunc(NULL, ignore_generic_error);
    int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
    r->reader = xmlReaderForMemory(r->bytes, length, NULL, "UTF-8", options);
    if (r->reader == NULL) { free(r->bytes); free(r); return NULL; }
    xmlTextReaderSetErrorHandler(r->reader, keep_first_error, r);
    return r;
}

void lectern_xml_free(void *reader) {
    struct lectern_xml_reader *r = reader;
    if (r == NULL) return;
    drop_attribute(r);
    xmlFreeTextReader(r->reader);
    free(r->bytes);
    free(r->error);
    free(r);
}

int lectern_xml_next(void *reader) {
    struct lectern_xml_reader *r = reader;
    drop_attribute(r);
    int status = xmlTextReaderRead(r->reader);
    return status > 0 ? 1 : status == 0 ? 0 : -1;
}

enum lectern_xml_kind lectern_xml_kind(void *reader) {
    switch (xmlTextReaderNodeType(((struct lectern_xml_reader *)reader)->reader)) {
    case XML_READER_TYPE_ELEMENT: return LECTERN_XML_START;
    case XML_READER_TYPE_END_ELEMENT: return LECTERN_XML_END;
    case XML_READER_TYPE_TEXT: case XML_READER_TYPE_CDATA:
    case XML_READER_TYPE_WHITESPACE: case XML_READER_TYPE_SIGNIFICANT_WHITESPACE: return LECTERN_XML_TEXT;
    default: return LECTERN_XML_OTHER;
    }
}

int lectern_xml_is_empty(void *reader) {
    return xmlTextReaderIsEmptyElement(((struct lectern_xml_reader *)reader)->reader) == 1;
}

const char *lectern_xml_name(void *reader) {
    return (const char *)xmlTextReaderConstName(((struct lectern_xml_reader *)reader)->reader);
}

const char *lectern_xml_value(void *reader) {
    return (const char *)xmlTextReaderConstValue(((struct lectern_xml_reader *)reader)->reader);
}

const char *lectern_xml_attribute(void *reader, const char *name) {
    struct lectern_xml_reader *r = reader;
    drop_attribute(r);
    r->attribute = xmlTextReaderGetAttribute(r->reader, (const xmlChar *)name);
    return (const char *)r->attribute;
}

int lectern_xml_line(void *reader) {
    return xmlTextReaderGetParserLineNumber(((struct lectern_xml_reader *)reader)->reader);
}

const char *lectern_xml_error(void *reader) { return ((struct lectern_xml_reader *)reader)->error; }
