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

    /// Long enough to fling (about three screens at 1280×800): a real guide for the
    /// people who install and look after kiosks, one section per task.
    static let handbook = Page(title: "Handbook", markdown: """
    # Operator's handbook

    This page is for the people who install and look after kiosks. Fling it: \
    it is long on purpose, and each section is one task: \
    [power](#1-power), [rotation](#2-rotation), [calibration](#3-calibration), \
    [idle](#4-idle), [content](#5-content), [fonts](#6-fonts), \
    [screenshots](#7-screenshots) and [updates](#8-updates).

    ## 1. Power

    Lectern runs as the systemd service `lectern.service`. Installing the \
    package enables it but does not start it, so an installation over SSH \
    never takes the screen from under you: configure first, then run \
    `sudo systemctl start lectern` or simply reboot.

    After a power cut the board boots, systemd starts the service and the \
    first page is on screen well under a second later. Nothing needs a \
    keyboard. If the kiosk itself stops for any reason, systemd starts it \
    again; `journalctl -u lectern` says why it stopped.

    ## 2. Rotation

    Panels are often mounted on their side or upside down. Set `rotation` \
    in the `[display]` section to 90, 180 or 270 degrees clockwise. Drawing \
    and touch turn together, so a finger still lands on what it points at \
    and nothing has to be calibrated a second time.

    Check a rotation without the panel: `lectern snapshot --config \
    lectern.toml -o test.png` draws the screen into a PNG, at the size the \
    panel will have once it is turned.

    ## 3. Calibration

    Most touchscreens report the right corners. One that does not, where a \
    touch at the top lands at the bottom or off to one side, needs a \
    calibration matrix. Run `sudo lectern calibrate` on the kiosk, touch the \
    five targets it shows, and it prints the udev rule that fixes it; with \
    `--write` it installs the rule as well.

    `lectern input-debug` lists the touch devices it finds and prints every \
    touch as it happens, which is the quickest way to see whether the panel \
    is seen at all.

    ## 4. Idle

    When nobody has touched the screen for two minutes, the kiosk closes \
    the menu and any card, sets the text back to its usual size and returns \
    to the top of the first page, ready for the next visitor. After ten \
    minutes it turns the display off; the first touch only wakes it, so \
    nobody opens a page by accident.

    Both times are in the `[idle]` section: `home_after` and `blank_after`, \
    in seconds, where 0 means never. While the screen is still, Lectern uses \
    no processor time at all.

    ## 5. Content

    Pages are Markdown files: headings, paragraphs, *emphasis*, **strong** \
    text, lists, quotes, tables, pictures and `code`. Plain text files work \
    too. Each page is one `[[page]]` entry in the configuration, with a title \
    for the menu and, if you like, an icon.

    A link to another page's file, to a `#heading` or to `page:2` opens that \
    page, and pulling right comes back. A web address, an e-mail address or \
    a phone number cannot be opened on a kiosk, so it shows a card with its \
    QR code instead: the visitor takes it home on a phone.

    Visitors who need larger text spread two fingers on the page: the text \
    grows and wraps again to fit the screen, keeping their place; pinching \
    makes it smaller. Write pages that still read well at twice the size: \
    short paragraphs, pictures that make sense without their caption.

    ## 6. Fonts

    Lectern looks for a font for every character it is asked to show, in the \
    fonts you list and then in the system's. A character that no font has \
    would show as an empty box. Run `lectern check --config lectern.toml` \
    after every change to the pages: it names each such character, each \
    picture that cannot be shown and each link that leads nowhere, with the \
    file and line.

    ## 7. Screenshots

    Support staff cannot always see the kiosk. Send the service `SIGUSR1` \
    (`sudo systemctl kill -s USR1 lectern`) and it writes exactly what is on \
    screen to a PNG file in its runtime directory, and says where in the \
    journal.

    ## 8. Updates

    Replace the content files, or edit the configuration, and send \
    `SIGHUP` with `sudo systemctl reload lectern`. The new pages appear at \
    once; the visitor stays on the page they were reading. A configuration \
    with a mistake is not applied: the journal names the file, the line and \
    what to change, and the previous pages stay on screen.

    > You have reached the end. Fling back to the top, pull right to go back, \
    > or pull left for the menu.
    """)
}
