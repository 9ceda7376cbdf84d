/// The built-in demo pages, written for Lectern: shown when no configuration is given,
/// and used by `lectern demo` and the docs' screenshots.
enum DemoPages {
    struct Page {
        let title: String
        let markdown: String
    }

    static let all: [Page] = [welcome, chinese, handbook]

    static let welcome = Page(title: "Welcome", markdown: """
    # Welcome to Lectern

    This screen is drawn by Lectern's own software renderer, straight into the \
    display's memory: no browser, no compositor, no graphics card.

    **Try it.** Drag the page up and down: it follows your finger, keeps its \
    momentum when you let go, and stretches softly at either end.

    **Find the menu.** Pull the page to the left. Three dots appear at its edge \
    and stretch as you pull; when they turn red, let go and the menu opens. A \
    tap with three fingers anywhere does the same.

    **Follow a link.** Tap [the operator's handbook](page:3) to open another \
    page, or jump to [what a kiosk needs](#what-a-kiosk-needs) below. A web \
    address such as [kiosks on Wikipedia](https://en.wikipedia.org/wiki/Interactive_kiosk) \
    shows its QR code: take it home on your phone. To go back, pull the page \
    to the right.

    ## What a kiosk needs

    - It starts at boot and shows the first page at once.
    - It never shows a cursor, a console or an error dialog.
    - It uses no processor time while nobody touches it.
    - It goes back to the first page after a quiet while.

    > A kiosk is finished when nobody needs to visit it.
    """)

    static let chinese = Page(title: "中文", markdown: """
    # 触摸屏阅读

    Lectern 在触摸屏上显示文章。文字由 FreeType 渲染，由 HarfBuzz 排版，\
    并按照 Unicode 的换行规则断行：中文可以在任意两个汉字之间换行，但句号、\
    逗号和右引号不会出现在行首。

    ## 使用方法

    1. 上下拖动页面即可滚动，松手后页面会继续滑动并逐渐停下。
    2. 向左拉动页面，右侧会出现三个小圆点；圆点变红时松手，菜单就会打开。
    3. 三根手指同时轻点屏幕，也可以打开或关闭菜单。

    中英文混排也没有问题：Lectern uses the same line breaker for English and \
    中文，so mixed sentences wrap where a reader expects them to。
    """)

    static let handbook: Page = {
        var text = """
        # Operator's handbook

        This long page exists so there is something to fling. Each section below \
        is a short note for the people who install and look after kiosks: \
        [power](#1-power), [rotation](#2-rotation), [calibration](#3-calibration), \
        [idle](#4-idle), [content](#5-content), [fonts](#6-fonts), \
        [screenshots](#7-screenshots) and [updates](#8-updates).

        """
        let topics: [(String, String)] = [
            ("Power", "Lectern starts as a systemd service. If the board loses power it comes back on its own, and the first page is on screen in well under a second after the service starts."),
            ("Rotation", "Panels are often mounted on their side. Set `rotation` in the `[display]` section; touch and drawing are rotated together, so nothing needs calibrating twice."),
            ("Calibration", "A touchscreen that reports the wrong corner needs a calibration matrix. Put it in a udev rule as `LIBINPUT_CALIBRATION_MATRIX`; Lectern reads it through libinput."),
            ("Idle", "After a quiet while the kiosk returns to the first page and hides the menu. Later it turns the display off; the first touch only wakes it."),
            ("Content", "Pages are Markdown files: headings, paragraphs, *emphasis*, **strong** text, lists, quotes and `code`. Plain text files work too. A link to another page's file, to a `#heading` or to `page:2` opens it; a web link shows its QR code."),
            ("Fonts", "Lectern finds a font for every character it is asked to show. Run `lectern check` after changing the pages to be sure nothing shows as an empty box."),
            ("Screenshots", "Send the service `SIGUSR1` and it writes what is on screen to a PNG file in its runtime directory, for support staff who cannot see the kiosk."),
            ("Updates", "Replace the content files and send `SIGHUP`. A broken configuration is reported in the journal and the previous one stays on screen."),
        ]
        for (index, (title, body)) in topics.enumerated() {
            text += "\n## \(index + 1). \(title)\n\n\(body)\n\n\(body)\n"
        }
        text += "\n> You have reached the end. Fling back to the top, pull right to go back, or pull left for the menu.\n"
        return Page(title: "Handbook", markdown: text)
    }()
}
