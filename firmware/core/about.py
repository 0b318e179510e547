# Where the running firmware comes from, for Settings' About row.


def origin():
    """-> "files" (.mpy or .py on the filesystem: `leafkeeper deploy`, the simulator),
    "UF2 <build>" (frozen in by `leafkeeper uf2`) or "UF2 <build> + files" (modules copied
    over such a UF2 run instead of its own: host_tools/uf2/lk_uf2.py)."""
    try:
        import lk_uf2  # pyright: ignore[reportMissingImports] - only in a UF2
    except ImportError:
        return "files"
    return "UF2 " + lk_uf2.BUILD + (" + files" if lk_uf2.firmware_on_root(running=True) else "")
