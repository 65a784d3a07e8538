package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
)

// TestHistoryViews switches views and types: each view adds one history
// entry and typing none, so Back and Forward move between the views and stay
// on the site.
func TestHistoryViews(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	start := eval[int](tb, `history.length`)
	tb.click(`.tabs [data-view="pipeline"]`)
	tb.setSentence("the dog ran")
	tb.setSentence("the dog ran home")
	tb.click(`.tabs [data-view="compare"]`)
	tb.waitFor("the compare view's link", `location.hash.includes("view=compare")`, 10*time.Second)
	if n := eval[int](tb, `history.length`); n != start+2 {
		t.Fatalf("history.length %d after two view changes and typing, want %d", n, start+2)
	}
	eval[any](tb, `history.back()`)
	tb.waitFor("Back to the pipeline view", `window.attnviz && attnviz.state().view === "pipeline"`, 10*time.Second)
	if txt := tb.state().Text; txt != "the dog ran home" {
		t.Errorf("after Back the sentence is %q, want the one typed last", txt)
	}
	eval[any](tb, `history.back()`)
	tb.waitFor("Back to the first view", `attnviz.state().view !== "pipeline" && location.origin === `+jsString(s.origin()), 10*time.Second)
	eval[any](tb, `history.forward()`)
	tb.waitFor("Forward to the pipeline view", `attnviz.state().view === "pipeline"`, 10*time.Second)
}

// TestHistoryAfterReload reloads the page, so that its address is the link
// the page wrote, then switches views: Back returns to the view of that
// address. (go-app ignores a popstate back to the address it loaded when
// the page changed the address by itself in between.)
func TestHistoryAfterReload(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=pipeline")
	tb.waitFor("the whole link", `location.hash.includes("view=pipeline&")`, 10*time.Second)
	tb.reload()
	tb.click(`.tabs [data-view="compare"]`)
	tb.waitFor("the compare view's link", `location.hash.includes("view=compare")`, 10*time.Second)
	eval[any](tb, `history.back()`)
	tb.waitFor("Back to the pipeline view", `location.hash.includes("view=pipeline") && window.attnviz && attnviz.state().view === "pipeline"`, 10*time.Second)
	tb.checkClean("Back after a reload")
}

// TestLinkTypedOverAddress types a link over the address (location.hash,
// as an edit of the address bar does) that sets the view alone: the page
// opens it as it would in a new tab, and the notice names what it reset
// (the sentence and the heads), whose button goes Back to them. Back and
// Forward to the page's own entries say nothing. Back and × pressed from
// the keyboard leave the focus on the sentence, not on the page's body.
func TestLinkTypedOverAddress(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=pipeline&heads=1")
	tb.setSentence("my very own sentence")
	// The page writes a change into its link up to 350 ms later
	// (linkInterval); a link typed over the address while that write was
	// pending was ignored under load (no notice, the view unchanged): type
	// it once the sentence is in the link, as the steps below do.
	tb.waitFor("the sentence in the link", `location.hash.includes("own+sentence")`, 10*time.Second)
	eval[any](tb, `location.hash = "#view=compare"`)
	tb.waitFor("the compare view", `attnviz.state().view === "compare"`, 10*time.Second)
	tb.waitFor("the notice", `!!document.querySelector("#notice-back")`, 10*time.Second)
	note := eval[string](tb, `document.querySelector("#notice").textContent`)
	for _, key := range []string{"text", "heads"} {
		if !strings.Contains(note, key) {
			t.Errorf("the notice %q does not name %s", note, key)
		}
	}
	tb.screenshots("link-reset", nil)
	if txt := tb.state().Text; txt == "my very own sentence" {
		t.Fatalf("the link without a sentence kept the one typed")
	}
	eval[any](tb, `document.querySelector("#notice-back").click()`)
	tb.waitFor("Back to the sentence", `attnviz.state().view === "pipeline" && attnviz.state().text === "my very own sentence"`, 10*time.Second)
	if eval[bool](tb, `!!document.querySelector("#notice")`) {
		t.Errorf("the notice stays after Back: %q", eval[string](tb, `document.querySelector("#notice").textContent`))
	}
	tb.click(`.tabs [data-view="scaling"]`)
	tb.waitFor("the scaling view", `location.hash.includes("view=scaling")`, 10*time.Second)
	eval[any](tb, `history.back()`)
	tb.waitFor("Back to the pipeline view", `attnviz.state().view === "pipeline"`, 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	if eval[bool](tb, `!!document.querySelector("#notice")`) {
		t.Errorf("Back to the page's own entry shows a notice: %q", eval[string](tb, `document.querySelector("#notice").textContent`))
	}
	// The notice goes once the student moves on (Back would not return
	// to what they had): a tab clicked.
	eval[any](tb, `location.hash = "#view=compare"`)
	tb.waitFor("the notice again", `!!document.querySelector("#notice-back")`, 10*time.Second)
	tb.click(`.tabs [data-view="scaling"]`)
	tb.waitFor("the notice gone after a tab", `!document.querySelector("#notice")`, 10*time.Second)
	// From the keyboard, Back keeps the focus on the page: on the sentence.
	tb.setSentence("my very own sentence again")
	tb.waitFor("the sentence in the link", `location.hash.includes("sentence+again")`, 10*time.Second)
	eval[any](tb, `location.hash = "#view=compare"`)
	tb.waitFor("the notice once more", `!!document.querySelector("#notice-back")`, 10*time.Second)
	tb.tabTo("#notice-back")
	tb.press("Enter on Back", kb.Enter)
	tb.waitFor("Back to the scaling view", `attnviz.state().view === "scaling"`, 10*time.Second)
	tb.waitFor("the focus on the sentence", `document.activeElement?.id === "sentence"`, 5*time.Second)
	// So does × pressed from the keyboard, which goes with the notice.
	tb.setSentence("one more sentence")
	tb.waitFor("the sentence in the link", `location.hash.includes("one+more")`, 5*time.Second)
	eval[any](tb, `location.hash = "#view=compare"`)
	tb.waitFor("the notice to dismiss", `!!document.querySelector("#notice .dismiss")`, 10*time.Second)
	tb.tabTo("#notice .dismiss")
	eval[any](tb, `window.__stage = document.querySelector(".stage"), null`)
	tb.press("Enter on ×", kb.Enter)
	tb.waitFor("the notice dismissed", `!document.querySelector("#notice")`, 10*time.Second)
	if !eval[bool](tb, `document.querySelector(".stage") === window.__stage`) {
		t.Error("the notice's going replaced the view and its charts (go-app matches children by position: views.Slot)")
	}
	tb.waitFor("the focus on the sentence after ×", `document.activeElement?.id === "sentence"`, 5*time.Second)
	// A typed link with a value it cannot use says so, and still offers
	// Back to what the student had.
	tb.click(`.tabs [data-view="attention"]`)
	tb.waitFor("the attention view", `attnviz.state().view === "attention"`, 10*time.Second)
	tb.setSentence("a sentence before a bad link")
	tb.waitFor("the sentence in the link", `location.hash.includes("bad+link")`, 5*time.Second)
	eval[any](tb, `location.hash = "#view=pipeline&heads=NaN"`)
	tb.waitFor("the notice of both", `!!document.querySelector("#notice-back")`, 10*time.Second)
	if note := eval[string](tb, `document.querySelector("#notice").textContent`); !strings.Contains(note, "heads=NaN") || !strings.Contains(note, "text") {
		t.Errorf("a typed link with a bad value: the notice %q names not both heads=NaN and the sentence left out", note)
	}
	eval[any](tb, `document.querySelector("#notice-back").click(), null`)
	tb.waitFor("Back to the sentence before the bad link", `attnviz.state().text === "a sentence before a bad link"`, 10*time.Second)
	tb.checkClean("a link typed over the address")
}
