"""Date formats where Django's own differ from what the site's players write
(``FORMAT_MODULE_PATH``): 03.12.2026 in Polish, 03/12/2026 in Vietnamese and Galician. Every
format not set here is Django's."""
