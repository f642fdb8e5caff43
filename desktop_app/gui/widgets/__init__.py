"""Widgets shared by several pages: form fields with their problem labels, the address form,
background task keeping."""
