// uinput ioctl numbers for the machine test's touch injector (lectern-touch-inject):
// the UI_* request codes are _IO/_IOW macros, which Swift cannot import.
#ifndef LECTERN_CSHIM_UINPUT_H
#define LECTERN_CSHIM_UINPUT_H

#include <linux/uinput.h>

extern const unsigned long cshim_UI_DEV_CREATE;
extern const unsigned long cshim_UI_DEV_DESTROY;
extern const unsigned long cshim_UI_DEV_SETUP;
extern const unsigned long cshim_UI_ABS_SETUP;
extern const unsigned long cshim_UI_SET_EVBIT;
extern const unsigned long cshim_UI_SET_KEYBIT;
extern const unsigned long cshim_UI_SET_ABSBIT;
extern const unsigned long cshim_UI_SET_PROPBIT;

#endif
