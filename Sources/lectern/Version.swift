extension Lectern {
    /// Lectern's one version: `lectern --version` prints it, and scripts/package reads
    /// it from the built binary for the .deb's Version and file name. Bump it here only.
    /// A Debian native version: starts with a digit, then digits, letters, `.`, `+`, `~`.
    static let version = "0.1.0"
}
