// evdev switches for the headphone jack (Platform/Input/HeadphoneJack.swift): the
// EVIOCG* ioctls are macros over the buffer size, and struct input_event's layout
// depends on the architecture's time_t, so C answers both.
#ifndef LECTERN_CSHIM_EVDEV_H
#define LECTERN_CSHIM_EVDEV_H

/// 1 if the evdev device reports the headphone-insert switch (EV_SW, SW_HEADPHONE_INSERT),
/// 0 if not, -1 with errno if the device cannot be asked.
int cshim_evdev_has_headphone_switch(int fd);

/// The headphone switch's state now (EVIOCGSW): 1 plugged, 0 not, -1 with errno.
int cshim_evdev_headphone_state(int fd);

/// struct input_event: its size and where type, code and value sit in it.
extern const int cshim_input_event_size;
extern const int cshim_input_event_type_offset;
extern const int cshim_input_event_code_offset;
extern const int cshim_input_event_value_offset;
extern const int cshim_ev_sw;
extern const int cshim_sw_headphone_insert;

#endif
