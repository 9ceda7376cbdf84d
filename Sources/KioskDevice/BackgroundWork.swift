import Kiosk
import Logging
import LoopCore
import Measure
import PDFPages
import Typeset

/// The work off the loop that frames depend on, and the pipes it wakes the loop through:
/// PDF sheets (poppler, run by the render queue's worker), hyphenation dictionaries
/// loading in the background and the pages' pictures decoded by `DecodedPictures`'
/// worker. The workers know nothing of the loop: each is handed its pipe's `wake`; when
/// the pipe is readable the loop drains it and the runtime collects what finished, at
/// the loop's time, and draws again if the scene then needs it.
final class BackgroundWork {
    private struct Wake {
        let pipe: WakePipe
        let collect: (_ time: Double) -> Void
    }

    private var wakes: [Wake] = []
    /// The render queue the kiosk's PDF pages ask (nil: no PDF page at start).
    private let pdfQueue: PDFRenderQueue?
    /// The dictionaries, when layout goes without one still loading.
    private let dictionaries: HyphenationDictionaries?
    private let searchIndex: KioskEnvironment.SearchIndexPlace?
    /// The pictures, when their decoding is left to the worker.
    private var pictures: DecodedPictures?
    private unowned let runtime: KioskRuntime

    init(runtime: KioskRuntime, system: SystemCalls, dictionaryLoading: KioskEnvironment.DictionaryLoading,
         pictureDecoding: KioskEnvironment.PictureDecoding, searchIndex: KioskEnvironment.SearchIndexPlace?, log: Logger) {
        // The first frame does not wait for a hyphenation dictionary (German: over a
        // second to load): pages are laid out without it, then again when it is there.
        // The wake is handed over before waiting is turned off, so no arrival is missed;
        // without a pipe layout keeps waiting.
        self.runtime = runtime
        self.searchIndex = searchIndex
        var dictionaries: HyphenationDictionaries?
        if dictionaryLoading == .inBackground {
            do {
                let pipe = try WakePipe(system: system)
                wakes.append(Wake(pipe: pipe, collect: { time in
                    runtime.hyphenationArrived(at: time)
                    HeapUsage.releaseFreePages()
                }))
                let shared = HyphenationDictionaries.shared
                shared.onArrival = pipe.wake
                shared.waitsForLoading = false
                dictionaries = shared
            } catch {
                log.warning("cannot make the hyphenation dictionaries' wake-up pipe (\(error)); layout waits for them")
            }
        }
        self.dictionaries = dictionaries
        // The search index is built by its own thread after the first frame; a pipe
        // wakes the loop to take it. Without a pipe there is no search (logged).
        if searchIndex != nil {
            do {
                let pipe = try WakePipe(system: system)
                wakes.append(Wake(pipe: pipe, collect: { time in
                    runtime.searchIndexArrived(at: time)
                    // The index was built on a thread of its own: its arena's freed pages go back.
                    HeapUsage.releaseFreePages()
                    // Building it read ICU's word dictionaries (2.3 MiB of libicudata
                    // for Chinese and Japanese) and ran much of ICU and SQLite once: those
                    // pages leave the kiosk's memory, and a layout or a visitor's search
                    // maps again only what it reads.
                    MappedFilePages.release(ofFilesNamed: ["libicudata", "libicuuc", "libicui18n", "libsqlite3"])
                }))
                runtime.search.onFinished = pipe.wake
            } catch {
                log.warning("cannot make the search index's wake-up pipe (\(error)); search is not available")
            }
        }
        // PDF sheets are rendered off the loop; a pipe wakes it when one is ready. The
        // queue is the assembly's when it was built already, else the process's one.
        let assembled = runtime.assembly?.content.pdf?.queue
        let hasPDF = runtime.config.pages.contains(where: \.isPDF)
        pdfQueue = assembled ?? (hasPDF ? PDFRenderQueue.shared : nil)
        if let pdfQueue {
            do {
                let pipe = try WakePipe(system: system)
                wakes.append(Wake(pipe: pipe, collect: { time in runtime.backgroundWorkFinished(at: time) }))
                pdfQueue.onFinished = pipe.wake
            } catch {
                log.warning("cannot make the PDF sheets' wake-up pipe (\(error)); PDF pages stay on their placeholders")
            }
        }
        wakeForClips(runtime: runtime, system: system, log: log)
        if pictureDecoding == .inBackground { decodePicturesInBackground(runtime: runtime, system: system, log: log) }
    }

    /// No frame decodes a picture: the worker does, and wakes the loop through a pipe when
    /// one arrived. The wake is handed over before the mode is turned on, so no arrival is
    /// missed; without a pipe the frames decode them.
    private func decodePicturesInBackground(runtime: KioskRuntime, system: SystemCalls, log: Logger) {
        do {
            let pipe = try WakePipe(system: system)
            wakes.append(Wake(pipe: pipe, collect: { time in runtime.picturesArrived(at: time) }))
            let shared = DecodedPictures.shared
            shared.onDecoded = pipe.wake
            shared.decodesInBackground = true
            // The pictures are the process's: a job another kiosk of this process (the
            // bench's scene before, a headless player) left untaken announced itself on
            // its pipe, not this one. One wake-up takes it, or this kiosk never settles.
            if !shared.isSettled { pipe.wake() }
            pictures = shared
        } catch {
            log.warning("cannot make the pictures' wake-up pipe (\(error)); pictures are decoded in the frames that show them")
        }
    }

    /// Clips' decoders announce frames through a pipe of their own; the loop's next turn
    /// takes the frames due (nothing to collect: the runtime's deadline is the clip's).
    private func wakeForClips(runtime: KioskRuntime, system: SystemCalls, log: Logger) {
        do {
            let pipe = try WakePipe(system: system)
            wakes.append(Wake(pipe: pipe, collect: { _ in }))
            runtime.clipWake = pipe.wake
        } catch {
            log.warning("cannot make the clips' wake-up pipe (\(error)); clips show their poster only")
        }
    }

    /// The first frame is on screen: build the search index now, off the loop.
    func firstFrameShown() {
        switch searchIndex {
        case nil: break
        case .memory: runtime.buildSearchIndex(directory: nil)
        case let .directory(path): runtime.buildSearchIndex(directory: path)
        }
    }

    /// Puts each pipe in the loop's poll.
    func attach(to loop: DeviceLoop) {
        for wake in wakes {
            loop.extraSources.append((wake.pipe.descriptor, { [unowned loop] in
                wake.pipe.drain()
                wake.collect(loop.clock.now())
            }))
        }
    }

    /// Nothing asked of a worker is still to come: every sheet asked for was rendered and
    /// collected, no dictionary a layout went without is still loading, every picture a
    /// draw asked for was decoded and collected.
    var isSettled: Bool {
        let sheetsSettled = pdfQueue?.isIdle ?? true
        let dictionariesSettled = !(dictionaries?.isAwaitingArrival ?? false)
        let picturesSettled = pictures?.isSettled ?? true
        return sheetsSettled && dictionariesSettled && picturesSettled && !searchIndexBuilding
    }

    /// The search index is being built, or built and not yet taken by the loop.
    private var searchIndexBuilding: Bool {
        searchIndex != nil && runtime.search.isBuilding
    }
}
