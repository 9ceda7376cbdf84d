// HDMI-CEC through the kernel's CEC framework (Platform/System/LinuxCECAdapter.swift):
// the ioctl numbers are _IOWR(...) macros Swift cannot import, and the structs are filled
// here so Swift never indexes their fixed-size arrays (imported as tuples).
#ifndef LECTERN_CSHIM_CEC_H
#define LECTERN_CSHIM_CEC_H

#include <linux/cec.h>
#include <stdint.h>

extern const unsigned long cshim_CEC_ADAP_G_CAPS;
extern const unsigned long cshim_CEC_ADAP_G_PHYS_ADDR;
extern const unsigned long cshim_CEC_ADAP_G_LOG_ADDRS;
extern const unsigned long cshim_CEC_ADAP_S_LOG_ADDRS;
extern const unsigned long cshim_CEC_S_MODE;
extern const unsigned long cshim_CEC_TRANSMIT;

/// One logical address of the playback type, CEC 2.0, no vendor, `osd_name` (at most 14
/// bytes are kept): what a kiosk that shows pictures on a TV claims.
void cshim_cec_playback_log_addrs(struct cec_log_addrs *addrs, const char *osd_name);

/// The first logical address `addrs` holds, or -1 when none is claimed.
int cshim_cec_first_log_addr(const struct cec_log_addrs *addrs);

/// A message of `len` bytes (1…16; header, opcode, operands) to transmit, waiting for
/// no reply.
void cshim_cec_msg_init(struct cec_msg *msg, const uint8_t *bytes, uint32_t len);

#endif
