"""The GUI's ground floor, below every page: the context every page reads (profile, client,
store, print queue: `context`, with its collaborators `background`, `connection`, `journal`,
`offers`, `profile_printing`, `sandbox_printer`; the shop rounds it starts are
`shops.rounds`) and the look (`theme`, `appearance`). It imports no page and nothing of
`gui.shell`."""
