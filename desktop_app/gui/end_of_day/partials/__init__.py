"""The page's parts: the widgets (and dialogs) the page composes."""
