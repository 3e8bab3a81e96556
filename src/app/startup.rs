//! What a desktop needs to open fcrel's window, and one clear line when a
//! piece of it is missing (issue 45 item 7): an X display (the window is
//! built for X11; a Wayland desktop runs it through XWayland), the X11 and
//! xkbcommon libraries, opened at run time, and a Vulkan driver. winit and
//! wgpu stop the program with a panic and a backtrace when one is missing;
//! the player gets one line naming what to install instead. The
//! command-line tools need none of it.

/// Check before building the window: with no display set, winit would
/// panic; say so in one line instead.
pub(super) fn display() -> Result<(), String> {
    let set = |var: &str| std::env::var_os(var).is_some_and(|v| !v.is_empty());
    if set("DISPLAY") {
        return Ok(());
    }
    let wayland = if set("WAYLAND_DISPLAY") {
        " (this is a Wayland session without XWayland: fcrel's window needs X11)"
    } else {
        ""
    };
    Err(format!(
        "fcrel: cannot open the window: no X display, DISPLAY is not set{wayland}; run fcrel on a desktop, or under xvfb-run (`fcrel --help` lists the commands that need no display)"
    ))
}

/// From here on, a panic that says a library or driver is missing prints
/// one line and exits with 1; any other panic is reported as before.
pub(super) fn explain_missing_pieces() {
    let before = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("");
        match missing(message) {
            Some(what) => {
                eprintln!("fcrel: cannot open the window: {what}");
                std::process::exit(1);
            }
            None => before(info),
        }
    }));
}

/// What is missing, from the words of the panic winit, xkbcommon-dl or
/// bevy_render stops with (their sources: `EventLoop::new`,
/// `xkbcommon_x11_handle`, `initialize_renderer`).
fn missing(message: &str) -> Option<String> {
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if message.contains("Unable to find a GPU") {
        return Some(
            "no Vulkan driver found; fcrel draws with Vulkan (on Debian or Ubuntu: apt-get install libvulkan1 mesa-vulkan-drivers)".into(),
        );
    }
    if message.contains("libxkbcommon-x11.so could not be loaded") {
        return Some(
            "the library libxkbcommon-x11 is missing (on Debian or Ubuntu: apt-get install libxkbcommon-x11-0)".into(),
        );
    }
    if message.contains("libxkbcommon.so could not be loaded") {
        return Some(
            "the library libxkbcommon is missing (on Debian or Ubuntu: apt-get install libxkbcommon0)".into(),
        );
    }
    if !message.contains("Failed to build event loop") {
        return None;
    }
    // winit's `XNotSupported` in its Debug form (`expect` prints that).
    Some(if message.contains("XOpenDisplayFailed") {
        format!(
            "the X display \"{display}\" (DISPLAY) does not answer; is the desktop or Xvfb running?"
        )
    } else if message.contains("LibraryOpenError") {
        "the X11 libraries are missing (on Debian or Ubuntu: apt-get install libx11-6 libx11-xcb1 libxcursor1 libxi6)".into()
    } else if message.contains("DISPLAY") {
        "no X display, DISPLAY is not set; run fcrel on a desktop, or under xvfb-run".into()
    } else {
        let first = message.lines().next().unwrap_or_default();
        crate::store::cut_quoted(&format!("the window system refused: {first}"))
    })
}

#[cfg(test)]
mod tests {
    use super::missing;

    /// The panics of the libraries as their sources word them.
    #[test]
    fn each_missing_piece_is_named_with_its_package() {
        let gpu = "Unable to find a GPU! Make sure you have installed required drivers! For extra information, see: https://github.com/bevyengine/bevy/blob/latest/docs/linux_dependencies.md";
        assert!(missing(gpu).unwrap().contains("mesa-vulkan-drivers"));
        let xkb = "Library libxkbcommon-x11.so could not be loaded.";
        assert!(missing(xkb).unwrap().contains("libxkbcommon-x11-0"));
        let refused = r#"Failed to build event loop: Os(OsError { line: 788, file: "winit/src/platform_impl/linux/mod.rs", error: XNotSupported(XOpenDisplayFailed) })"#;
        assert!(missing(refused).unwrap().contains("does not answer"));
        let other = r#"Failed to build event loop: Os(OsError { line: 788, file: "…", error: XNotSupported(XcbConversionError(…)) })"#;
        assert!(
            missing(other)
                .unwrap()
                .starts_with("the window system refused")
        );
        let unset = r#"Failed to build event loop: Os(OsError { line: 765, file: "…", error: Misc("neither WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is set.") })"#;
        assert!(missing(unset).unwrap().contains("DISPLAY is not set"));
        assert_eq!(
            missing("index out of bounds: the len is 3 but the index is 7"),
            None
        );
    }
}
