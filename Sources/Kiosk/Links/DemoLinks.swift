/// Where the demo taps links: the first web link and the first link to another page on
/// the first page, as laid out for the screen (centres in device px, page at its top).
public struct DemoLinks: Sendable {
    public var web: (x: Double, y: Double)
    public var page: (x: Double, y: Double)

    /// Nil when the first page has no such links in view (a configuration without them).
    public static func find(in assembly: KioskAssembly) -> DemoLinks? {
        let scene = assembly.scene
        guard scene.pageCount > 0 else { return nil }
        let layout = assembly.content.layout(page: 0, width: scene.textWidth)
        let originX = scene.textLeft.rounded(), originY = (KioskScene.marginTop * scene.scale).rounded()
        var web: (x: Double, y: Double)?, page: (x: Double, y: Double)?
        for link in layout.links {
            guard let box = link.rects.first else { continue }
            let centre = (x: originX + Double(box.x) + Double(box.width) / 2, y: originY + Double(box.y) + Double(box.height) / 2)
            guard centre.y < scene.height * 0.9 else { break }
            switch LinkDestination.resolve(link.target, from: 0, pages: scene.config.pages) {
            case .web: if web == nil { web = centre }
            case let .page(target, _) where target != 0: if page == nil { page = centre }
            default: break
            }
        }
        guard let web, let page else { return nil }
        return DemoLinks(web: web, page: page)
    }
}
