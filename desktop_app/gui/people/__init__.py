"""People at a station: the sign-in screen, who is signed in, what their rights show, and the
packing figures page (issue 37). `rights.shown_for` is the one place that decides what shows."""
