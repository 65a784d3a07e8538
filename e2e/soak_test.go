//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Soak limits: the number of interactions, the time they may take, and the
// memory the page may hold after them (JS heap after a garbage collection;
// the wasm's linear memory, which never shrinks). Seed 1 held 5.6–7.7 MB of
// heap and 8.5–15.2 MB of wasm memory at its checks (this test's log), and
// took 2.5 minutes on a loaded 2-core machine.
const (
	soakSteps   = 1000
	soakTimeout = 8 * time.Minute
	soakMaxHeap = 64 << 20
	soakMaxWasm = 128 << 20
)

// soakWords are what the soak types: words, markup, emoji, Chinese.
var soakWords = []string{"the", "cat", "sat", "on", "mat", " ", "<b>x</b>", "🙂", "注意力", "it", "was", "tired", ".", "&amp;", "\"", "1e308"}

// soakLinks are what the soak appends to the link's fragment, edited in place.
var soakLinks = []string{"&head=-1", "&head=1", "&head=mean", "&heads=8", "&heads=999", "&d=7", "&d=64",
	"&causal=1", "&temp=0", "&temp=10", "&view=pipeline", "&view=compare", "&view=nope", "&lang=zh-Hans",
	"&lang=en", "&cell=99,99", "&cell=1,0", "&step=scores", "&text=%", "&text=", "&seed=-5", "&dk=3", "&m=%7B"}

// TestSoak makes 1,000 seeded random interactions over every view and both
// languages (typing, pastes, controls, tabs, links edited in place, history
// back and forward, resizes, reloads) and checks after them, and every 50
// steps, that the page still answers, logged no error, and holds bounded
// memory. ATTNVIZ_SOAK_SEED picks another seed.
func TestSoak(t *testing.T) {
	seed := uint64(1)
	if s := os.Getenv("ATTNVIZ_SOAK_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("ATTNVIZ_SOAK_SEED=%q: %v", s, err)
		}
		seed = v
	}
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	rng := rand.New(rand.NewPCG(seed, 0x50a4))
	deadline := time.Now().Add(soakTimeout)
	counts := map[string]int{}
	step := 0
	for ; step < soakSteps && time.Now().Before(deadline); step++ {
		counts[tb.soakStep(rng)]++
		if step%50 == 49 {
			tb.soakCheck(fmt.Sprintf("seed %d, step %d", seed, step+1))
		}
	}
	tb.soakCheck(fmt.Sprintf("seed %d, the end", seed))
	tb.alive("after the soak", "The dog ran home.", 5)
	t.Logf("seed %d: %d interactions: %v", seed, step, counts)
	if step < soakSteps {
		t.Errorf("only %d of %d interactions in %v", step, soakSteps, soakTimeout)
	}
	tb.checkClean("the soak")
}

// soakStep makes one random interaction and returns its kind.
func (tb *tab) soakStep(rng *rand.Rand) string {
	tb.t.Helper()
	var kind string
	switch p := rng.IntN(100); {
	case p < 30:
		kind = "type"
		tb.soakEval(fmt.Sprintf(soakTypeJS, rng.Float64(), jsString(soakText(rng))))
	case p < 62:
		kind = "control"
		tb.soakEval(fmt.Sprintf(soakControlJS, rng.Float64(), rng.Float64()))
	case p < 72:
		kind = "tab"
		tb.soakEval(fmt.Sprintf(`(() => { const t = [...document.querySelectorAll('[role="tab"]')]; if (t.length) t[Math.floor(%f * t.length)].click(); })()`, rng.Float64()))
	case p < 82:
		kind = "link"
		tb.soakEval(fmt.Sprintf(`location.hash += %s`, jsString(soakLinks[rng.IntN(len(soakLinks))])))
	case p < 87:
		kind = "history"
		tb.soakEval(`history.back()`)
		time.Sleep(time.Duration(rng.IntN(60)) * time.Millisecond)
		tb.soakEval(`history.forward()`)
	case p < 92:
		kind = "resize"
		sizes := [][2]int64{{390, 844}, {1280, 800}, {1920, 1080}, {700, 900}}
		sz := sizes[rng.IntN(len(sizes))]
		tb.do("resizing", chromedp.EmulateViewport(sz[0], sz[1]))
	case p < 93:
		kind = "reload"
		tb.do("reloading", chromedp.Reload())
	default:
		kind = "pause"
		time.Sleep(300 * time.Millisecond)
	}
	time.Sleep(time.Duration(rng.IntN(40)) * time.Millisecond)
	tb.soakBackOnPage()
	return kind
}

// soakText is a random edit: a word or two, a long paste, or "" (delete).
func soakText(rng *rand.Rand) string {
	switch p := rng.IntN(20); {
	case p == 0:
		return strings.Repeat("a long sentence of many words ", 22) // about 130 tokens
	case p < 4:
		return ""
	default:
		return soakWords[rng.IntN(len(soakWords))] + " " + soakWords[rng.IntN(len(soakWords))]
	}
}

// soakTypeJS types %[2]s into a random visible text box (or deletes its last
// character when it is ""), with an input event.
const soakTypeJS = `(() => {
	const boxes = [...document.querySelectorAll('input[type=text], input:not([type]), textarea')].filter((el) => el.offsetParent !== null && !el.disabled);
	if (!boxes.length) return;
	const el = boxes[Math.floor(%[1]f * boxes.length)];
	el.focus();
	const add = %[2]s;
	el.value = add === "" ? el.value.slice(0, -1) : add.length > 100 ? add : el.value + add;
	el.dispatchEvent(new Event("input", {bubbles: true}));
})()`

// soakControlJS operates a random visible control: a click on a button or a
// checkbox, a random option of a select, a random value of a range.
const soakControlJS = `(() => {
	const els = [...document.querySelectorAll('button, select, input[type=checkbox], input[type=range], input[type=number]')]
		.filter((el) => el.offsetParent !== null && !el.disabled && !el.closest('[inert], #attnviz-dead'));
	if (!els.length) return;
	const el = els[Math.floor(%[1]f * els.length)], r = %[2]f;
	if (el.tagName === "SELECT") {
		el.selectedIndex = Math.floor(r * el.options.length);
		el.dispatchEvent(new Event("change", {bubbles: true}));
	} else if (el.type === "range" || el.type === "number") {
		const min = Number(el.min || 0), max = Number(el.max || 100);
		el.value = String(min + r * (max - min));
		el.dispatchEvent(new Event("input", {bubbles: true}));
		el.dispatchEvent(new Event("change", {bubbles: true}));
	} else {
		el.click();
	}
})()`

// soakEval evaluates expr; an evaluation that a navigation interrupts is no
// failure (the next check finds a dead page if there is one).
func (tb *tab) soakEval(expr string) {
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](expr)); err != nil {
		tb.t.Logf("soak: %.80s: %v", expr, err)
	}
}

// soakBackOnPage waits for the page after a reload, or after history left
// it (back to the tab's blank first page), goes forward to it again.
func (tb *tab) soakBackOnPage() {
	tb.t.Helper()
	origin := eval[string](tb, `location.origin`)
	if origin != tb.site.origin() {
		tb.soakEval(`history.forward()`)
	}
	// Not firstRender: a view without heatmaps (a teacher's tour editor)
	// draws none, so after a reload there it never marks one.
	tb.waitAcrossLoad("the page", `!!window.attnviz && typeof window.attnviz.state === "function"`, 60*time.Second)
}

// soakCheck fails the test if the page is dead, or holds more memory than
// the soak allows.
func (tb *tab) soakCheck(what string) {
	tb.t.Helper()
	if eval[bool](tb, `!!document.getElementById("attnviz-dead")`) {
		tb.t.Fatalf("%s: the engine stopped", what)
	}
	if v := eval[string](tb, `typeof window.attnviz.state().view`); v != "string" {
		tb.t.Fatalf("%s: window.attnviz.state() answers %q", what, v)
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
		tb.t.Fatalf("%s: collecting garbage: %v", what, err)
	}
	usage, err := chromedp.Call(ctx, runtime.GetHeapUsage, cdp.Empty{})
	if err != nil {
		tb.t.Fatalf("%s: heap usage: %v", what, err)
	}
	heap := usage.UsedSize
	wasm := eval[float64](tb, `window.attnvizRuntime?._inst?.exports.mem.buffer.byteLength ?? 0`)
	tb.t.Logf("%s: JS heap %.1f MB, wasm memory %.1f MB", what, heap/(1<<20), wasm/(1<<20))
	if heap > soakMaxHeap || wasm > soakMaxWasm || wasm == 0 {
		tb.t.Errorf("%s: JS heap %.0f B (at most %d), wasm memory %.0f B (at most %d, and not 0)", what, heap, soakMaxHeap, wasm, soakMaxWasm)
	}
}
