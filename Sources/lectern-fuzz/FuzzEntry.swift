import Foundation

/// Built two ways. With `-DFUZZING -sanitize=fuzzer,address` (scripts/fuzz) libFuzzer
/// supplies `main` and calls `LLVMFuzzerTestOneInput` with mutated inputs for the
/// target named by `LECTERN_FUZZ_TARGET`. Built plainly (as `swift build` does), it is
/// a corpus replayer: `lectern-fuzz TARGET FILE...` runs each file once, which is how
/// the committed corpora and every crash found run as regression tests.
#if FUZZING
private let selected: @Sendable (UnsafeRawBufferPointer) -> Void = {
    let name = ProcessInfo.processInfo.environment["LECTERN_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.all[name] else {
        FileHandle.standardError.write(Data("lectern-fuzz: set LECTERN_FUZZ_TARGET to one of \(FuzzTargets.all.keys.sorted().joined(separator: ", "))\n".utf8))
        exit(64)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// libFuzzer's driver, from the fuzzer runtime `-sanitize=fuzzer` links.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links an executable target with `main` defined as `<target>_main`, so
/// libFuzzer's own `main` is never pulled from its archive; this entry point starts the
/// same driver that `main` would.
@_cdecl("lectern_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
}
#else
@main
struct CorpusReplayer {
    static func main() {
        let args = CommandLine.arguments.dropFirst()
        guard let name = args.first, let target = FuzzTargets.all[name] else {
            FileHandle.standardError.write(Data("usage: lectern-fuzz TARGET FILE_OR_DIR...   targets: \(FuzzTargets.all.keys.sorted().joined(separator: ", "))\n".utf8))
            exit(64)
        }
        var count = 0
        for path in args.dropFirst() {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let files = isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { "\(path)/\($0)" }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                data.withUnsafeBytes { target($0) }
                count += 1
            }
        }
        print("lectern-fuzz: \(name): \(count) inputs ran without a crash")
    }
}
#endif
