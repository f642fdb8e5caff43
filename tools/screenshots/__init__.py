"""`make screenshots`: the README shots of the real app under Xvfb (`window`: main pages,
`operations`: addresses, returns, pickups, tracking, webhooks, batch)."""
