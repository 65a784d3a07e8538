//go:build !wasm

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTourKeepsMine: a student who typed a sentence and set four heads in
// the scaling view opens the tour, which shows its own sentence. The notice
// quotes the student's sentence and its button, #notice-mine, puts the
// sentence, the heads and the view back, in the language chosen meanwhile.
// Before, the tour replaced them with no word; only Back, once per step
// walked, brought them back.
func TestTourKeepsMine(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#lang=en&view=scaling")
	const mine = "my dog likes the park"
	tb.setSentence(mine)
	tb.change("#nheads", "4", "change")
	tb.showView("tour")
	if st := tb.state(); st.Text == mine || st.View != "tour" {
		t.Fatalf("the tour shows %q in %q; want its own sentence in the tour", st.Text, st.View)
	}
	tb.waitFor("the notice quoting the sentence", `document.querySelector("#notice") !== null && document.querySelector("#notice").textContent.includes("`+mine+`") && document.querySelector("#notice-mine") !== null`, 10*time.Second)
	tb.viewShot("tour-mine-notice")
	// Back to the student's sentence drops the notice; Forward into the
	// tour says it again (it was gone).
	eval[chromedp.Void](tb, `history.back()`)
	tb.waitFor("Back: the student's sentence", `window.attnviz.state().text === "`+mine+`" && !document.querySelector("#notice-mine")`, 10*time.Second)
	eval[chromedp.Void](tb, `history.forward()`)
	tb.waitFor("Forward: the tour and its notice", `window.attnviz.state().view === "tour" && !!document.querySelector("#notice-mine")`, 10*time.Second)
	tb.click("#tour-next")
	if !eval[bool](tb, `document.querySelector("#notice-mine") !== null`) {
		t.Fatal("the notice went at the tour's next step")
	}
	tb.change("#lang", "zh-Hans", "change")
	text := eval[string](tb, `document.querySelector("#notice").textContent`)
	if !strings.Contains(text, "导览") || !strings.Contains(text, mine) {
		t.Errorf("the notice in Chinese reads %q", text)
	}
	tb.click("#notice-mine")
	st := tb.state()
	if st.Text != mine || st.Heads != 4 || st.View != "scaling" || st.Lang != "zh-Hans" {
		t.Errorf("back to mine: %q, %d heads, view %q, lang %q; want %q, 4, scaling, zh-Hans", st.Text, st.Heads, st.View, st.Lang, mine)
	}
	if got := eval[string](tb, `document.querySelector("#sentence").value`); got != mine {
		t.Errorf("#sentence shows %q, want %q", got, mine)
	}
	if eval[bool](tb, `document.querySelector("#notice-mine") !== null`) {
		t.Error("the notice stays after its button")
	}
	tb.checkClean("back to mine")
}
