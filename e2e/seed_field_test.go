//go:build !wasm

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSeedFieldSaysWhy types seeds the page cannot use into the settings'
// seed box: the seed stays, the box shows it again, and a note says what a
// seed is and that "-1" is not one; a good seed then applies and the note
// goes.
func TestSeedFieldSaysWhy(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#seed=5")
	set := func(v string) {
		eval[chromedp.Void](tb, fmt.Sprintf(`(el => { el.value = %s; el.dispatchEvent(new Event("change", {bubbles: true})); })(document.querySelector("#seed"))`, jsString(v)))
	}
	for _, bad := range []string{"-1", "3.7", "99999999999"} {
		set(bad)
		tb.waitFor("the note on "+bad, fmt.Sprintf(`(el => !!el && el.textContent.includes(%s))(document.querySelector("#seed-error"))`, jsString(bad)), 5*time.Second)
		note := eval[string](tb, `document.querySelector("#seed-error").textContent`)
		if !strings.Contains(note, "“"+bad+"”") || !strings.Contains(note, "5") {
			t.Errorf("%s: the note says %q", bad, note)
		}
		if st := tb.state(); st.Seed != 5 || eval[string](tb, `document.querySelector("#seed").value`) != "5" {
			t.Errorf("%s: seed %d, the box shows %q; want 5 in both", bad, st.Seed, eval[string](tb, `document.querySelector("#seed").value`))
		}
	}
	tb.change("#seed", "7", "change")
	if st := tb.state(); st.Seed != 7 || eval[bool](tb, `!!document.querySelector("#seed-error")`) {
		t.Errorf("a good seed: seed %d, the note still shown: %v", st.Seed, eval[bool](tb, `!!document.querySelector("#seed-error")`))
	}
	tb.checkClean("the seed box")
}
