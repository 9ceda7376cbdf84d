#include "cshim_uinput.h"

const unsigned long cshim_UI_DEV_CREATE = UI_DEV_CREATE;
const unsigned long cshim_UI_DEV_DESTROY = UI_DEV_DESTROY;
const unsigned long cshim_UI_DEV_SETUP = UI_DEV_SETUP;
const unsigned long cshim_UI_ABS_SETUP = UI_ABS_SETUP;
const unsigned long cshim_UI_SET_EVBIT = UI_SET_EVBIT;
const unsigned long cshim_UI_SET_KEYBIT = UI_SET_KEYBIT;
const unsigned long cshim_UI_SET_ABSBIT = UI_SET_ABSBIT;
const unsigned long cshim_UI_SET_PROPBIT = UI_SET_PROPBIT;
