import Typeset

/// What `lectern check` says about a page's hyphenation: a language without a
/// dictionary (its long words will break between letters, as before) or a front
/// matter `lang:` that is no language tag. Warnings, not errors: the page still shows.
/// A language whose script is not hyphenated (Arabic, Hebrew, Chinese, Thai, …) needs
/// no dictionary and gets no warning.
enum HyphenationCheck {
    static func warnings(for document: Document, default language: String) -> [String] {
        let tag = document.language ?? language
        let origin = document.language == nil ? "the configured language" : "lang: in the front matter"
        guard Hyphenator.isValidTag(tag) else {
            return ["\(origin) \"\(tag)\" is not a language tag (write e.g. \"en\", \"de\", \"fr-CA\"); long words will not be hyphenated"]
        }
        guard Hyphenator.dictionaryPath(for: tag) != nil || !Hyphenator.isHyphenated(tag) else {
            return ["no hyphenation dictionary for \(origin) \"\(tag)\" in \(Hyphenator.defaultDirectories.joined(separator: ", ")) "
                    + "(install \(Hyphenator.debianPackage(for: tag))); long words will break between letters"]
        }
        return []
    }
}
