#include "cshim_cec.h"

#include <string.h>
#include <sys/ioctl.h>

const unsigned long cshim_CEC_ADAP_G_CAPS = CEC_ADAP_G_CAPS;
const unsigned long cshim_CEC_ADAP_G_PHYS_ADDR = CEC_ADAP_G_PHYS_ADDR;
const unsigned long cshim_CEC_ADAP_G_LOG_ADDRS = CEC_ADAP_G_LOG_ADDRS;
const unsigned long cshim_CEC_ADAP_S_LOG_ADDRS = CEC_ADAP_S_LOG_ADDRS;
const unsigned long cshim_CEC_S_MODE = CEC_S_MODE;
const unsigned long cshim_CEC_TRANSMIT = CEC_TRANSMIT;

void cshim_cec_playback_log_addrs(struct cec_log_addrs *addrs, const char *osd_name) {
    memset(addrs, 0, sizeof(*addrs));
    addrs->cec_version = CEC_OP_CEC_VERSION_2_0;
    addrs->vendor_id = CEC_VENDOR_ID_NONE;
    addrs->num_log_addrs = 1;
    addrs->log_addr_type[0] = CEC_LOG_ADDR_TYPE_PLAYBACK;
    addrs->primary_device_type[0] = CEC_OP_PRIM_DEVTYPE_PLAYBACK;
    addrs->all_device_types[0] = CEC_OP_ALL_DEVTYPE_PLAYBACK;
    strncpy(addrs->osd_name, osd_name, sizeof(addrs->osd_name) - 1);
}

int cshim_cec_first_log_addr(const struct cec_log_addrs *addrs) {
    for (unsigned i = 0; i < addrs->num_log_addrs && i < CEC_MAX_LOG_ADDRS; i++) {
        if (addrs->log_addr[i] != CEC_LOG_ADDR_INVALID) return addrs->log_addr[i];
    }
    return -1;
}

void cshim_cec_msg_init(struct cec_msg *msg, const uint8_t *bytes, uint32_t len) {
    memset(msg, 0, sizeof(*msg));
    if (len > CEC_MAX_MSG_SIZE) len = CEC_MAX_MSG_SIZE;
    memcpy(msg->msg, bytes, len);
    msg->len = len;
}
