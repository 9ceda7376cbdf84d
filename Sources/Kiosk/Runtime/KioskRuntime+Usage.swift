/// The counts of use (docs/deploy.md's metrics) that need a before and an after.
extension KioskRuntime {
    /// What the counts of use compare across a touch or a timeout: speech mode and the
    /// language chosen (a session is counted when speech mode comes on, by the gesture or
    /// by headphones; a choice when the language changes, from a pill or a link).
    struct VisitState {
        let speechOn: Bool
        let language: String?
        init(_ scene: KioskScene) {
            speechOn = scene.speech?.isOn ?? false
            language = scene.visitor.language
        }
    }

    func countVisitorChanges(since before: VisitState, in scene: KioskScene) {
        if !before.speechOn, scene.speech?.isOn == true { usage.speechSessions += 1 }
        if let language = scene.visitor.language, language != before.language { usage.languageChoices[language, default: 0] += 1 }
    }
}
