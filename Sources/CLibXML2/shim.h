// libxml2's HTML parser (HTML 4 with HTML5-tolerant recovery): the HTML that README
// authors put inside Markdown. Debian's libxml2-dev ships libxml-2.0.pc.
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
