package embed

// UsesStaticLookup reports whether e computes vectors without hugot.
func UsesStaticLookup(e *Embedder) bool { return e.static != nil }
