// Package cpu holds the one thing the engine needs from the processor that
// Go does not offer: a cache prefetch hint. The search uses it for its
// transposition and correction tables, the evaluation for its caches.
package cpu
