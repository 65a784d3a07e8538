package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestLearnBadFields types values out of range into the Learn view's
// fields: each keeps its old value and says, in the page's language, what it
// takes; a good value then removes the note, and so does a training
// button (Reset).
func TestLearnBadFields(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=learn")
	tb.waitFor("the Learn view", `!!document.querySelector("#lr")`, 20*time.Second)
	cases := []struct{ id, typed, allowed string }{
		{"lr", "1000", "at most 10"}, {"lr", "abc", "at most 10"},
		{"learn-seed", "-5", "0 to 999999999"}, {"learn-seed", "1e3", "0 to 999999999"},
		{"until", "0", "1 to 100000"},
	}
	for _, c := range cases {
		old := eval[string](tb, fmt.Sprintf(`document.querySelector("#%s").value`, c.id))
		typeAndBlur(tb, c.id, c.typed)
		sel := fmt.Sprintf(`#%s-error`, c.id)
		tb.waitFor(c.id+"'s note", fmt.Sprintf(`document.querySelector(%q)?.textContent.includes(%s)`, sel, jsString("“"+c.typed+"”")), 10*time.Second)
		note := eval[string](tb, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
		if !strings.Contains(note, c.allowed) || !strings.Contains(note, c.typed) {
			t.Errorf("%s=%q: note %q does not say %q and name the value typed", c.id, c.typed, note, c.allowed)
		}
		if v := eval[string](tb, fmt.Sprintf(`document.querySelector("#%s").value`, c.id)); v != old {
			t.Errorf("%s=%q: the box holds %q, want the old %q", c.id, c.typed, v, old)
		}
	}
	typeAndBlur(tb, "lr", "0.5")
	tb.waitFor("the learning rate's note gone", `!document.querySelector("#lr-error")`, 10*time.Second)
	// A training button moves on: the notes of the values refused go.
	typeAndBlur(tb, "learn-seed", "abc")
	tb.waitFor("the seed's note", `!!document.querySelector("#learn-seed-error")`, 10*time.Second)
	tb.click("#reset")
	tb.waitFor("the seed's note gone after Reset", `!document.querySelector("#learn-seed-error") && !document.querySelector("#until-error")`, 10*time.Second)

	tb.open(s.URL() + "#view=learn&lang=zh-Hans")
	tb.waitFor("the Learn view", `!!document.querySelector("#lr")`, 20*time.Second)
	typeAndBlur(tb, "lr", "abc")
	tb.waitFor("the note", `document.querySelector("#lr-error")?.textContent.includes("“abc”")`, 10*time.Second)
	if note := eval[string](tb, `document.querySelector("#lr-error").textContent`); !strings.Contains(note, "学习率") {
		t.Errorf("Chinese page: note %q is not in Chinese", note)
	}
	tb.screenshots("learn-bad-field", nil) // no wider than the screen with the note
}

// typeAndBlur sets the box id to value and fires its change event, as
// leaving the box does.
func typeAndBlur(tb *tab, id, value string) {
	tb.t.Helper()
	eval[any](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector("#%s");
		el.value = %s;
		el.dispatchEvent(new Event("change", {bubbles: true}));
	})()`, id, jsString(value)))
}
