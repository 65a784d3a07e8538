package chart

import (
	"fmt"
	"maps"
)

// The bases of the first visit's heatmaps, made when the site is built.
//
// Every first visit of the page the server pre-rendered draws the same
// heatmaps, and making their bases (ChartParts.Base) is go-echarts' JSON
// encoding by reflection, whose first call also builds the encoders: about a
// fifth of go-app's first mount of the page (docs/performance.md, "The live
// first render (session 11)"). firstBases (first_bases_gen.go, which
// app/page's TestFirstBases writes with -update and checks without) holds
// those bases by their key in Go syntax. On a miss of the cache, a base comes
// from there, until a miss finds none there: then the page is not the first
// visit's, and the seeds are no longer looked at.

// seeding is whether a miss of the cache still looks at firstBases.
var seeding = true

// seedKey is k in Go syntax: every field of the key, so that a base is
// taken only for exactly the key it was made for.
func seedKey(k baseKey) string { return fmt.Sprintf("%#v", k) }

// seed returns the build's base of k, or "" (and stops seeding) when it
// has none. The caller holds c.mu.
func (c *bases) seed(k baseKey) string {
	if !seeding {
		return ""
	}
	b, ok := firstBases[seedKey(k)]
	if !ok {
		seeding = false
	}
	return b
}

// CachedBases returns the bases the cache holds, by their key in Go
// syntax: what TestFirstBases (app/page) writes into first_bases_gen.go.
func CachedBases() map[string]string {
	baseCache.mu.Lock()
	defer baseCache.mu.Unlock()
	out := make(map[string]string, len(baseCache.m))
	for k, b := range baseCache.m {
		out[seedKey(k)] = b
	}
	return out
}

// FirstBases returns a copy of the build's bases of the first visit's
// heatmaps (first_bases_gen.go).
func FirstBases() map[string]string { return maps.Clone(firstBases) }

// ResetBases empties the cache and stops seeding it, so that every base is
// made afresh: for TestFirstBases.
func ResetBases() {
	baseCache.mu.Lock()
	defer baseCache.mu.Unlock()
	clear(baseCache.m)
	seeding = false
}
