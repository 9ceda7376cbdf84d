import Foundation
import Kiosk
import LecternLog
import Logging
import KioskHeadless
import Measure
import PDFPages

/// `start.pdf.warm`: a second start with the PDF cache warm, to the first frame that
/// shows the document's first page (not a placeholder): a new assembly and loop (config,
/// fonts, layout), the document opened (its file hashed; pdfinfo's and pdftohtml's answers
/// read back from the cache), page 1's PNG decoded off the loop and the frame drawn. The
/// document is Debian's shared-mime-info specification (package shared-mime-info), a PDF
/// nobody here wrote. The warm-up iterations fill the cache.
public enum PDFStartScene {
    static let document = "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"

    public static var benchCases: [BenchCase] {
        [BenchCase(name: "start.pdf.warm") { w, h in
            guard FileManager.default.isReadableFile(atPath: document), SandboxedProcess.locate("pdftocairo") != nil else {
                throw BenchSetupError("start.pdf.warm needs \(document) (package shared-mime-info) and poppler-utils")
            }
            // The process's one render queue caches here (read at its first use).
            setenv("LECTERN_PDF_CACHE", NSTemporaryDirectory() + "lectern-bench-pdf-\(getpid())", 1)
            var config = FrameScene.config(pages: KioskConfig.builtIn.pages)
            config.pages.insert(.init(title: "Specification", source: .file(path: document)), at: 0)
            return {
                // One "N pages; renderer sandbox" line per start would bury the bench's table
                // (a few hundred starts are sampled); the kiosk's log is what `lectern run` shows.
                let kept = Log.logger
                Log.logger = Logger { _ in }
                defer { Log.logger = kept }
                start(config, width: w, height: h)
            }
        }]
    }

    /// One start to the first frame with page 1's pixels.
    static func start(_ config: KioskConfig, width: Int, height: Int) {
        guard let assembly = try? KioskAssembly(config: config, width: width, height: height),
              let player = try? HeadlessPlayer(.assembly(assembly), width: width, height: height, log: .lectern),
              let pdf = assembly.content.pdf
        else { return }
        player.step(to: 0)
        // Opening, then page 1: each a trip through the render queue's worker, which
        // wakes the loop through its pipe.
        player.waitForBackgroundWork()
        precondition(pdf.imageBytes > 0, "start.pdf.warm: page 1 was not shown")
    }
}
