#include "cshim_evdev.h"

#include <linux/input.h>
#include <stddef.h>
#include <sys/ioctl.h>

#define BITS_PER_LONG_ (8 * sizeof(unsigned long))
#define LONGS_(bits) (((bits) + BITS_PER_LONG_ - 1) / BITS_PER_LONG_)
#define TEST_BIT_(bit, array) (((array)[(bit) / BITS_PER_LONG_] >> ((bit) % BITS_PER_LONG_)) & 1UL)

int cshim_evdev_has_headphone_switch(int fd) {
    unsigned long types[LONGS_(EV_CNT)] = {0};
    unsigned long switches[LONGS_(SW_CNT)] = {0};
    if (ioctl(fd, EVIOCGBIT(0, sizeof(types)), types) < 0) return -1;
    if (!TEST_BIT_(EV_SW, types)) return 0;
    if (ioctl(fd, EVIOCGBIT(EV_SW, sizeof(switches)), switches) < 0) return -1;
    return TEST_BIT_(SW_HEADPHONE_INSERT, switches) ? 1 : 0;
}

int cshim_evdev_headphone_state(int fd) {
    unsigned long state[LONGS_(SW_CNT)] = {0};
    if (ioctl(fd, EVIOCGSW(sizeof(state)), state) < 0) return -1;
    return TEST_BIT_(SW_HEADPHONE_INSERT, state) ? 1 : 0;
}

const int cshim_input_event_size = sizeof(struct input_event);
const int cshim_input_event_type_offset = offsetof(struct input_event, type);
const int cshim_input_event_code_offset = offsetof(struct input_event, code);
const int cshim_input_event_value_offset = offsetof(struct input_event, value);
const int cshim_ev_sw = EV_SW;
const int cshim_sw_headphone_insert = SW_HEADPHONE_INSERT;
