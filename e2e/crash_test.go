//go:build !wasm

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// alive checks that the Go program still answers: a new sentence reaches
// the result that window.attnviz reports.
func (tb *tab) alive(what, sentence string, tokens int) {
	tb.t.Helper()
	tb.setSentence(sentence)
	if got := len(tb.result().Tokens); got != tokens {
		tb.t.Fatalf("%s: after typing %q the result has %d tokens, want %d", what, sentence, got, tokens)
	}
}

// TestChartThrows makes every ECharts call of a resize throw, as ECharts
// did on an instance that a newer chart had replaced (issue: "the page can
// die"), then resizes the page. A JavaScript exception in a callback used
// to end the Go program, leaving a page that answered nothing.
func TestChartThrows(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	n := eval[int](tb, `(() => {
		let n = 0;
		for (const el of document.querySelectorAll("[_echarts_instance_]")) {
			const chart = echarts.getInstanceByDom(el);
			if (!chart) continue;
			chart.resize = () => { throw new TypeError("resize on a replaced chart (test)"); };
			n++;
		}
		return n;
	})()`)
	if n == 0 {
		t.Fatal("no ECharts instance on the page")
	}
	for _, w := range []int64{900, 700, 1280} {
		tb.do("resizing", chromedp.EmulateViewport(w, 800))
		tb.settle()
	}
	tb.alive(fmt.Sprintf("after %d charts threw on resize", n), "The dog ran home.", 5)
	if eval[bool](tb, `!!document.getElementById("attnviz-dead")`) {
		t.Error("the page says the engine stopped, but it still answers")
	}
}

// TestHeadEditedWhileDrawing is the way to the crash: a long
// sentence with 8 heads, a paste, and within a frame or two the link's
// head edited in place. It hit about two runs in three.
func TestHeadEditedWhileDrawing(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	words := strings.Fields(strings.Repeat("the cat sat on the mat and looked at me ", 13))[:124]
	long := strings.Join(words, " ")
	paste := "a dog and a cat and a bird sat on one long branch of the old tree by the river"
	for run := 0; run < 4; run++ {
		tb.open(s.URL() + "#text=" + strings.ReplaceAll(long, " ", "%20") + "&heads=8&head=1")
		eval[bool](tb, fmt.Sprintf(`(() => {
			const el = document.querySelector("#sentence");
			el.focus();
			el.value = %s;
			el.dispatchEvent(new Event("input", {bubbles: true}));
			requestAnimationFrame(() => requestAnimationFrame(() => { location.hash += "&head=-1"; }));
			return true;
		})()`, jsString(paste)))
		time.Sleep(300 * time.Millisecond)
		tb.alive(fmt.Sprintf("run %d", run), "The dog ran home.", 5)
	}
}

// TestDeadPageNotice: if the Go program ever exits, the page says so, in
// the page's language, and offers a reload that keeps the link.
func TestDeadPageNotice(t *testing.T) {
	s := newSite(t, rootPrefix)
	for _, c := range []struct{ hash, want string }{
		{"#text=Hello%20there&lang=en", "stopped"},
		{"#text=Hello%20there&lang=zh-Hans", "停止"},
	} {
		tb := newTab(t, s)
		tb.open(s.URL() + c.hash)
		// The runtime's exit, as the Go program calls it when it panics.
		eval[bool](tb, `(() => { window.attnvizRuntime.exit(2); return true; })()`)
		tb.waitFor("the notice", `!!document.getElementById("attnviz-dead")`, 5*time.Second)
		text := eval[string](tb, `document.getElementById("attnviz-dead").innerText`)
		if !strings.Contains(text, c.want) {
			t.Errorf("%s: the notice says %q, want it to contain %q", c.hash, text, c.want)
		}
		if role := eval[string](tb, `document.getElementById("attnviz-dead").getAttribute("role")`); role != "alert" {
			t.Errorf("%s: the notice's role is %q, want alert", c.hash, role)
		}
		before := eval[string](tb, `location.hash`)
		tb.do("reloading from the notice", chromedp.Click(chromedp.CSS("#attnviz-dead button")))
		tb.waitAcrossLoad("the page after the reload", firstRender+` && !document.getElementById("attnviz-dead")`, 60*time.Second)
		if got := eval[string](tb, `location.hash`); got != before {
			t.Errorf("after the reload the link is %q, want %q", got, before)
		}
		if got := tb.state().Text; got != "Hello there" {
			t.Errorf("after the reload the sentence is %q, want %q", got, "Hello there")
		}
	}
}
