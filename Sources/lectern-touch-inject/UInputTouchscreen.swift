import CUInputShim
import Glibc

/// A direct-touch multitouch screen created through /dev/uinput: the kernel's type B
/// slot protocol plus single-touch ABS_X/Y + BTN_TOUCH, INPUT_PROP_DIRECT, and a
/// resolution so libinput knows its physical size. Its ABS range is the panel size in
/// pixels, so panel pixel = device unit.
final class UInputTouchscreen {
    static let name = "lectern machine-test touchscreen"
    static let maximumSlot = 9
    let width: Int32, height: Int32
    private let fd: Int32
    private var trackingID: Int32 = 0
    private var active: Set<Int> = []

    init(width: Int32, height: Int32, unitsPerMM: Int32) throws(InjectError) {
        self.width = width
        self.height = height
        fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw InjectError("cannot open /dev/uinput: \(errnoText())") }
        var ok = true
        func set(_ request: UInt, _ value: Int32) { ok = ok && ioctl(fd, request, value) == 0 }
        set(cshim_UI_SET_EVBIT, Int32(EV_SYN))
        set(cshim_UI_SET_EVBIT, Int32(EV_KEY))
        set(cshim_UI_SET_EVBIT, Int32(EV_ABS))
        set(cshim_UI_SET_KEYBIT, Int32(BTN_TOUCH))
        set(cshim_UI_SET_PROPBIT, Int32(INPUT_PROP_DIRECT))
        let axes: [(Int32, Int32, Int32)] = [  // code, max, resolution
            (ABS_X, width - 1, unitsPerMM), (ABS_Y, height - 1, unitsPerMM),
            (ABS_MT_SLOT, Int32(Self.maximumSlot), 0), (ABS_MT_TRACKING_ID, 65535, 0),
            (ABS_MT_POSITION_X, width - 1, unitsPerMM), (ABS_MT_POSITION_Y, height - 1, unitsPerMM),
        ]
        for (code, maximum, resolution) in axes {
            set(cshim_UI_SET_ABSBIT, code)
            var abs = uinput_abs_setup()
            abs.code = UInt16(code)
            abs.absinfo.maximum = maximum
            abs.absinfo.resolution = resolution
            ok = ok && ioctl(fd, cshim_UI_ABS_SETUP, &abs) == 0
        }
        var setup = uinput_setup()
        setup.id.bustype = UInt16(BUS_VIRTUAL)
        setup.id.vendor = 0x1ec7
        setup.id.product = 0x0001
        withUnsafeMutableBytes(of: &setup.name) { buffer in
            for (i, byte) in Self.name.utf8.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
        }
        ok = ok && ioctl(fd, cshim_UI_DEV_SETUP, &setup) == 0
        ok = ok && ioctl(fd, cshim_UI_DEV_CREATE) == 0
        guard ok else {
            let text = errnoText()
            close(fd)
            throw InjectError("cannot create the uinput touchscreen: \(text)")
        }
    }

    deinit {
        _ = ioctl(fd, cshim_UI_DEV_DESTROY)
        close(fd)
    }

    /// One frame: the events (all with the same time) then SYN_REPORT. Coordinates are
    /// panel pixels (already rotated).
    func send(_ frame: [PanelTouch]) throws(InjectError) {
        var out: [input_event] = []
        func emit(_ type: Int32, _ code: Int32, _ value: Int32) {
            var e = input_event()
            e.type = UInt16(type)
            e.code = UInt16(code)
            e.value = value
            out.append(e)
        }
        let wasTouching = !active.isEmpty
        var primary: (Int32, Int32)?
        for touch in frame {
            if case let .down(slot, _, _) = touch, slot > Self.maximumSlot {
                throw InjectError("slot \(slot) is above the touchscreen's \(Self.maximumSlot)")
            }
            switch touch {
            case let .down(slot, x, y):
                emit(EV_ABS, ABS_MT_SLOT, Int32(slot))
                trackingID = (trackingID + 1) & 0xffff
                emit(EV_ABS, ABS_MT_TRACKING_ID, trackingID)
                emit(EV_ABS, ABS_MT_POSITION_X, clamp(x, width))
                emit(EV_ABS, ABS_MT_POSITION_Y, clamp(y, height))
                active.insert(slot)
                if primary == nil { primary = (clamp(x, width), clamp(y, height)) }
            case let .move(slot, x, y):
                guard active.contains(slot) else { throw InjectError("move on slot \(slot), which is not down") }
                emit(EV_ABS, ABS_MT_SLOT, Int32(slot))
                emit(EV_ABS, ABS_MT_POSITION_X, clamp(x, width))
                emit(EV_ABS, ABS_MT_POSITION_Y, clamp(y, height))
                if primary == nil { primary = (clamp(x, width), clamp(y, height)) }
            case let .up(slot):
                guard active.remove(slot) != nil else { throw InjectError("up on slot \(slot), which is not down") }
                emit(EV_ABS, ABS_MT_SLOT, Int32(slot))
                emit(EV_ABS, ABS_MT_TRACKING_ID, -1)
            case .cancel:
                for slot in active.sorted() {
                    emit(EV_ABS, ABS_MT_SLOT, Int32(slot))
                    emit(EV_ABS, ABS_MT_TRACKING_ID, -1)
                }
                active = []
            }
        }
        if let (x, y) = primary {
            emit(EV_ABS, ABS_X, x)
            emit(EV_ABS, ABS_Y, y)
        }
        if wasTouching != !active.isEmpty { emit(EV_KEY, BTN_TOUCH, active.isEmpty ? 0 : 1) }
        emit(EV_SYN, SYN_REPORT, 0)
        let size = out.count * MemoryLayout<input_event>.stride
        let written = out.withUnsafeBytes { write(fd, $0.baseAddress, size) }
        guard written == size else { throw InjectError("write to /dev/uinput failed: \(errnoText())") }
    }

    private func clamp(_ v: Double, _ limit: Int32) -> Int32 {
        Int32(max(0, min(Double(limit - 1), v.rounded())))
    }
}

/// A touch in panel pixels, as the injector sends it.
enum PanelTouch: Equatable {
    case down(slot: Int, x: Double, y: Double)
    case move(slot: Int, x: Double, y: Double)
    case up(slot: Int)
    case cancel
}

struct InjectError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func errnoText() -> String { String(cString: strerror(errno)) }
