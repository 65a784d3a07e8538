//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// tourFile is a teacher's tour as window.attnviz.teach() and its file give it.
type tourFile struct {
	Kind  string `json:"kind"`
	Steps []struct {
		Link string `json:"link"`
		Note string `json:"note"`
	} `json:"steps"`
}

// teachTour returns the page's tour, from window.attnviz.teach().
func (tb *tab) teachTour() (tourFile, string) {
	tb.t.Helper()
	raw := eval[string](tb, `window.attnviz.teach() ?? ""`)
	var f tourFile
	if err := json.Unmarshal([]byte(raw), &f); err != nil {
		tb.t.Fatalf("window.attnviz.teach() = %q: %v", raw, err)
	}
	return f, raw
}

// teachStep returns the step of the teacher's tour shown, 0 for none.
func (tb *tab) teachStep() int { return eval[int](tb, `window.attnviz.state().teach_step`) }

// setNote types note into step n's note and leaves the box (a change event).
func (tb *tab) setNote(n int, note string) {
	tb.t.Helper()
	eval[chromedp.Void](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector('#teach-steps li[data-step="%d"] .teach-note');
		el.focus(); el.value = %s;
		el.dispatchEvent(new Event("change", {bubbles: true}));
	})()`, n, jsString(note)))
}

// TestMyTour makes a teacher's tour from the page (two views added as
// steps, notes written, the steps reordered), saves it as a file (a real
// download), reopens it from its link and from its file, and checks that a
// hostile file and link give their message.
func TestMyTour(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#lang=en")
	tb.setSentence("the cat sat")
	tb.click("#teach-add")
	tb.waitFor("step 1 added", `window.attnviz.teach()?.includes('"link"')`, 10*time.Second)
	tb.teachShots("mytour-add", "#teach-add")
	tb.click(`.tabs [data-view="pipeline"]`)
	tb.click("#causal")
	tb.waitFor("the causal mask", `window.attnviz.state().mask === "causal"`, 10*time.Second)
	tb.click("#teach-add")
	tb.waitFor("step 2 added", `JSON.parse(window.attnviz.teach()).steps.length === 2`, 10*time.Second)
	tb.click(`.tabs [data-view="mytour"]`)
	tb.waitFor("the editor", `document.querySelectorAll("#teach-steps li").length === 2`, 10*time.Second)
	tb.setNote(1, "Each row sums to 1.")
	tb.setNote(2, "Nothing above the diagonal: 注意")
	tb.waitFor("the notes", `JSON.parse(window.attnviz.teach()).steps[1].note.includes("注意")`, 10*time.Second)
	tb.click(`#teach-steps li[data-step="1"] .teach-down`)
	tb.waitFor("the steps swapped", `JSON.parse(window.attnviz.teach()).steps[0].note.includes("diagonal")`, 10*time.Second)
	if got := eval[string](tb, `document.querySelector('#teach-steps li[data-step="2"] .teach-show').getAttribute("aria-label")`); got != "Show step 2" {
		t.Errorf("step 2's Show button is named %q, want “Show step 2” as its ↑ ↓ × say their step", got)
	}
	tour, raw := tb.teachTour()
	if len(tour.Steps) != 2 || !strings.Contains(tour.Steps[0].Link, "view=pipeline") || !strings.Contains(tour.Steps[0].Link, "causal=1") ||
		!strings.Contains(tour.Steps[1].Link, "text=the+cat+sat") || tour.Steps[1].Note != "Each row sums to 1." {
		t.Fatalf("the tour made: %s", raw)
	}
	tb.screenshots("mytour-editor", nil)
	tb.teachShots("mytour-editor", ".stage")
	if axe, err := os.ReadFile(filepath.Join(moduleDir, "node_modules", "axe-core", "axe.min.js")); err == nil {
		tb.axeCheck(axe, "mytour-editor")
	}

	file := tb.downloadTour(t)
	if string(file) != raw {
		t.Errorf("the file saved differs from the tour:\n%s\nwant\n%s", file, raw)
	}
	link := eval[string](tb, `document.querySelector("#teach-link").value`)
	t.Logf("the tour's link has %d bytes", len(link))
	tb.checkClean("making a tour")

	tb2 := newTab(t, s)
	tb2.open(link)
	tb2.checkPlaying(1, "pipeline", "Nothing above the diagonal: 注意")
	if st := tb2.state(); st.Mask != "causal" || st.Text != "the cat sat" {
		t.Errorf("step 1 from the link: %+v", st)
	}
	tb2.screenshots("mytour-step1", nil)
	tb2.teachShots("mytour-step1", "#teach-bar")
	if axe, err := os.ReadFile(filepath.Join(moduleDir, "node_modules", "axe-core", "axe.min.js")); err == nil {
		tb2.axeCheck(axe, "mytour-step1")
	}
	tb2.click("#teach-next")
	tb2.checkPlaying(2, "attention", "Each row sums to 1.")
	if st := tb2.state(); st.Mask != "none" || st.Text != "the cat sat" {
		t.Errorf("step 2 from the link: %+v", st)
	}
	tb2.click("#teach-prev")
	tb2.checkPlaying(1, "pipeline", "Nothing above the diagonal: 注意")
	tb2.clickOnly("#teach-end")
	tb2.waitFor("the editor", `window.attnviz.state().view === "mytour" && window.attnviz.state().teach_step === 0`, 10*time.Second)
	tb2.checkClean("the tour's link")

	// A student opening the link on a phone: the tour's note and Next on the
	// first screen (they were 1.4 screens down, under the settings), without
	// the hint about keys that a touch screen has no use for.
	phone := newTab(t, s)
	phone.do("a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2), chromedp.EmulateTouch))
	phone.open(link)
	phone.checkPlaying(1, "pipeline", "Nothing above the diagonal: 注意")
	pos := eval[[]float64](phone, `[document.querySelector("#teach-note").getBoundingClientRect().top,
		document.querySelector("#teach-next").getBoundingClientRect().bottom,
		document.querySelector(".teach-keys").getClientRects().length]`)
	if pos[0] > 844 || pos[1] > 844 || pos[2] != 0 {
		t.Errorf("on a phone: the note at %.0f px, Next's bottom at %.0f px of 844, the keys' hint shown: %v", pos[0], pos[1], pos[2] != 0)
	}
	phone.checkClean("the tour's link on a phone")

	tb3 := newTab(t, s)
	tb3.openEditor(s.URL() + "#view=mytour&lang=zh-Hans")
	tb3.loadTourFile(t, "tour.json", file)
	tb3.waitFor("the loaded note", `!!document.querySelector("#teach-loaded")`, 10*time.Second)
	if _, got := tb3.teachTour(); got != raw {
		t.Errorf("the tour from its file: %s", got)
	}
	tb3.teachShots("mytour-zh", ".stage")
	eval[chromedp.Void](tb3, `scrollTo(0, document.documentElement.scrollHeight)`)
	tb3.clickOnly("#teach-play")
	tb3.checkPlaying(1, "pipeline", "Nothing above the diagonal: 注意")
	// Play is at the foot of the list, which the step's view replaced: the
	// bar's top comes into view, with the focus on Next.
	tb3.waitFor("the focus on the bar's Next", `document.activeElement.id === "teach-next"`, 10*time.Second)
	if top := eval[float64](tb3, `document.querySelector("#teach-bar").getBoundingClientRect().top`); top < 0 || top > eval[float64](tb3, `innerHeight`) {
		t.Errorf("played from the foot of the list: the bar's top is at %.0f px, off the screen", top)
	}
	tb3.checkClean("the tour's file")

	// In presentation mode the bar is mounted as the tour plays: the same.
	tb4 := newTab(t, s)
	tb4.do("a 1920×1080 screen", chromedp.EmulateViewport(1920, 1080))
	tb4.openEditor(s.URL() + "#view=mytour&lang=en&present=1")
	tb4.loadTourFile(t, "tour.json", file)
	tb4.waitFor("the loaded note", `!!document.querySelector("#teach-loaded")`, 10*time.Second)
	eval[chromedp.Void](tb4, `scrollTo(0, document.documentElement.scrollHeight)`)
	tb4.clickOnly("#teach-play")
	tb4.waitFor("presentation mode: the focus on the bar's Next", `document.activeElement.id === "teach-next"`, 10*time.Second)
	if top := eval[float64](tb4, `document.querySelector("#teach-bar").getBoundingClientRect().top`); top < 0 {
		t.Errorf("presentation mode: the bar's top is at %.0f px, above the screen", top)
	}
	tb4.checkClean("playing in presentation mode")

	checkHostileTours(t, s, file)
}

// clickOnly clicks sel and waits for nothing: a click that changes the view
// to or from the editor does not always end in an attnviz:update measure.
func (tb *tab) clickOnly(sel string) {
	tb.t.Helper()
	tb.do("clicking "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// TestMyTourNotesShown removes a step, and then loads a tour file, after
// notes were typed: each note box shows its own step's note (the box of a
// step without a note kept the note typed into it for the step removed).
func TestMyTourNotesShown(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#lang=en")
	for i, v := range []string{"attention", "pipeline", "compare"} {
		if i > 0 {
			tb.click(fmt.Sprintf(`.tabs [data-view=%q]`, v))
		}
		tb.click("#teach-add")
		tb.waitFor("step added", fmt.Sprintf(`JSON.parse(window.attnviz.teach()).steps.length === %d`, i+1), 10*time.Second)
	}
	tb.click(`.tabs [data-view="mytour"]`)
	tb.waitFor("the editor", `document.querySelectorAll("#teach-steps li").length === 3`, 10*time.Second)
	tb.setNote(1, "The first note.")
	tb.setNote(2, "The second note.")
	tb.waitFor("the notes", `JSON.parse(window.attnviz.teach()).steps[1].note === "The second note."`, 10*time.Second)
	checkNotes := func(what string, want ...string) {
		t.Helper()
		tour, raw := tb.teachTour()
		shown := eval[[]string](tb, `[...document.querySelectorAll("#teach-steps .teach-note")].map(el => el.value)`)
		if len(tour.Steps) != len(want) || len(shown) != len(want) {
			t.Fatalf("%s: the tour %s, the boxes %q, want %d steps", what, raw, shown, len(want))
		}
		for i := range want {
			if tour.Steps[i].Note != want[i] || shown[i] != want[i] {
				t.Errorf("%s: step %d's note is %q and its box shows %q, want %q", what, i+1, tour.Steps[i].Note, shown[i], want[i])
			}
		}
	}
	tb.click(`#teach-steps li[data-step="2"] .teach-remove`)
	checkNotes("step 2 removed", "The first note.", "")
	tb.click(`#teach-steps li[data-step="1"] .teach-remove`)
	checkNotes("step 1 removed", "")

	tb.setNote(1, "A note typed, then a file loaded.")
	tb.waitFor("the note", `JSON.parse(window.attnviz.teach()).steps[0].note !== ""`, 10*time.Second)
	file := `{"kind": "attnviz-tour", "steps": [{"link": "view=pipeline", "note": ""}, {"link": "view=compare", "note": "B"}]}`
	tb.loadTourFile(t, "tour.json", []byte(file))
	tb.waitFor("the file's tour", `!!document.querySelector("#teach-loaded") && document.querySelectorAll("#teach-steps li").length === 2`, 10*time.Second)
	tb.settle()
	checkNotes("a file loaded", "", "B")
	tb.checkClean("notes after removing steps")
}

// TestMyTourEmptySentence plays a teacher's tour whose second step has no
// sentence (and no second sentence): the sentence box is empty there, as
// the page's "Type a sentence" says, not the first step's sentence.
func TestMyTourEmptySentence(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#lang=en&view=compare")
	tb.click("#teach-add")
	tb.waitFor("step 1 added", `window.attnviz.teach()?.includes('"link"')`, 10*time.Second)
	for _, id := range []string{"sentence2", "sentence"} { // the compare view has no #sentence2 without a sentence
		eval[chromedp.Void](tb, fmt.Sprintf(`(() => {
			const el = document.querySelector("#%s");
			el.value = "";
			el.dispatchEvent(new Event("input", {bubbles: true}));
		})()`, id))
	}
	tb.waitFor("no sentences", `window.attnviz.state().text === "" && window.attnviz.state().text2 === ""`, 10*time.Second)
	tb.clickOnly("#teach-add") // no chart to draw: no attnviz:update measure
	tb.waitFor("step 2 added", `JSON.parse(window.attnviz.teach()).steps.length === 2`, 10*time.Second)
	tb.clickOnly(`.tabs [data-view="mytour"]`)
	tb.waitFor("the editor", `document.querySelectorAll("#teach-steps li").length === 2`, 10*time.Second)
	tb.clickOnly("#teach-play")
	tb.waitFor("step 1", `window.attnviz.state().teach_step === 1 && !!document.querySelector("#sentence2")`, 10*time.Second)
	tb.settle()
	boxes := `["#sentence", "#sentence2"].map(s => document.querySelector(s)?.value ?? "(none)")`
	if got := eval[[]string](tb, boxes); got[0] == "" || got[1] == "" {
		t.Errorf("step 1's boxes hold %q, want its sentences", got)
	}
	tb.clickOnly("#teach-next")
	tb.waitFor("step 2", `window.attnviz.state().teach_step === 2`, 10*time.Second)
	tb.settle()
	if st := tb.state(); st.Text != "" || st.Text2 != "" {
		t.Fatalf("step 2's sentences are %q and %q, want none", st.Text, st.Text2)
	}
	if got := eval[[]string](tb, boxes); got[0] != "" || (got[1] != "" && got[1] != "(none)") {
		t.Errorf("step 2, of no sentence: the boxes hold %q, want them empty", got)
	}
	tb.checkClean("a step of no sentence")
}

// openEditor opens u, a link to the tour's editor, which has no chart.
func (tb *tab) openEditor(u string) {
	tb.t.Helper()
	tb.do("opening "+u, chromedp.Navigate(u))
	tb.waitFor("the editor", `!!window.attnviz && !!document.querySelector(".view-mytour")`, 60*time.Second)
}

// teachShots saves screenshots of the screen at 390×844, 1280×800 and
// 1920×1080, scrolled to sel, to artifacts/<name>-view-<width>.png.
func (tb *tab) teachShots(name, sel string) {
	tb.t.Helper()
	for _, size := range [][2]int64{{390, 844}, {1280, 800}, {1920, 1080}} {
		var opts []chromedp.EmulateViewportOption
		if size[0] < 500 {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
		}
		tb.do("resizing", chromedp.EmulateViewport(size[0], size[1], opts...))
		tb.resized()
		tb.do("scrolling to "+sel, chromedp.ScrollIntoView(chromedp.CSS(sel)))
		tb.viewShot(fmt.Sprintf("%s-view-%d", name, size[0]))
	}
	tb.do("restoring the size", chromedp.EmulateViewport(1280, 800))
}

// checkPlaying waits for step n of the teacher's tour, in view, with note.
func (tb *tab) checkPlaying(n int, view, note string) {
	tb.t.Helper()
	// The state changes before the frame draws the bar: wait for both.
	tb.waitFor(fmt.Sprintf("step %d", n), fmt.Sprintf(`window.attnviz.state().teach_step === %d && window.attnviz.state().view === %q && !!document.querySelector('#teach-bar[data-step="%d"] #teach-progress')`, n, view, n), 20*time.Second)
	if got := eval[string](tb, `document.querySelector("#teach-note")?.textContent ?? ""`); got != note {
		tb.t.Errorf("step %d's note is %q, want %q", n, got, note)
	}
	if !strings.Contains(eval[string](tb, `document.querySelector("#teach-progress").textContent`), fmt.Sprint(n)) {
		tb.t.Errorf("step %d: the progress does not say it", n)
	}
}

// downloadTour clicks #teach-save and returns the file the browser saved.
func (tb *tab) downloadTour(t *testing.T) []byte {
	dir := t.TempDir()
	params := browser.SetDownloadBehaviorParams{Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir}
	if _, err := chromedp.Call(tb.ctx, browser.SetDownloadBehavior, params); err != nil {
		t.Fatalf("allowing downloads: %v", err)
	}
	tb.do("clicking #teach-save", chromedp.Click(chromedp.CSS("#teach-save")))
	path := filepath.Join(dir, "attnviz-tour.json")
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return b
		}
	}
	t.Fatalf("no file %s was downloaded", path)
	return nil
}

// loadTourFile picks a file of data with #teach-file.
func (tb *tab) loadTourFile(t *testing.T, name string, data []byte) {
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do("picking "+name, chromedp.SetUploadFiles(chromedp.CSS("#teach-file"), []string{path}))
}

// checkHostileTours opens hostile tour files and links: each gives its
// message, never a broken page; a step of an unknown view is skipped.
func checkHostileTours(t *testing.T, s *site, good []byte) {
	tb := newTab(t, s)
	tb.openEditor(s.URL() + "#view=mytour&lang=en")
	tb.loadTourFile(t, "good.json", good)
	tb.waitFor("the good file", `!!document.querySelector("#teach-loaded")`, 10*time.Second)
	for name, data := range map[string]string{
		"html.json":  "<html><script>alert(1)</script>",
		"kind.json":  `{"kind":"other","steps":[]}`,
		"extra.json": `{"kind":"attnviz-tour","steps":[],"run":"x"}`,
		"huge.json":  `{"kind":"attnviz-tour","steps":[{"link":"","note":"` + strings.Repeat("x", 600<<10) + `"}]}`,
	} {
		tb.loadTourFile(t, name, []byte(data))
		tb.waitFor("the message of "+name, `!!document.querySelector("#teach-file-error")`, 10*time.Second)
		if _, got := tb.teachTour(); got != string(good) {
			t.Errorf("%s changed the tour to %s", name, got)
		}
		t.Logf("ok: %s: %s", name, eval[string](tb, `document.querySelector("#teach-file-error").textContent`))
		tb.loadTourFile(t, "good.json", good) // the next message is a new one
		tb.waitFor("the good file", `!!document.querySelector("#teach-loaded")`, 10*time.Second)
	}
	// Too large for a link: the editor says so and offers the file; the
	// link leaves the tour out.
	var big tourFile
	if err := json.Unmarshal(good, &big); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for len(big.Steps) < 10 {
		big.Steps = append(big.Steps, big.Steps[0])
	}
	for i := range big.Steps {
		b := make([]byte, 1900)
		for k := range b {
			b[k] = byte('a' + rng.IntN(26))
		}
		big.Steps[i].Note = string(b)
	}
	bigFile, _ := json.Marshal(big)
	tb.loadTourFile(t, "big.json", bigFile)
	tb.waitFor("the too-large note", `!!document.querySelector("#teach-toolong") && !document.querySelector("#teach-link")`, 10*time.Second)
	if link := tb.waitLinkWritten(""); strings.Contains(link, "teach=") && !strings.Contains(link, "teach=&") {
		t.Errorf("the link carries a tour too large for it (%d bytes)", len(link))
	}
	t.Logf("ok: a tour of %d bytes: %s", len(bigFile), eval[string](tb, `document.querySelector("#teach-toolong").textContent`))
	tb.checkClean("hostile files")

	tb2 := newTab(t, s)
	tb2.open(s.URL() + "#teach=!!!notatour&tstep=1&lang=en")
	tb2.waitFor("the notice", `!!document.querySelector("#notice")`, 10*time.Second)
	if st := tb2.state(); st.View != "attention" || tb2.teachStep() != 0 {
		t.Errorf("a hostile link opens %+v", st)
	}
	t.Logf("ok: a hostile link: %s", eval[string](tb2, `document.querySelector("#notice").textContent`))
	tb2.checkClean("a hostile link")

	// A step of a view that does not exist is skipped, with a note.
	var f tourFile
	if err := json.Unmarshal(good, &f); err != nil {
		t.Fatal(err)
	}
	f.Steps[0].Link = "view=nowhere&lang=en"
	bad, _ := json.Marshal(f)
	tb3 := newTab(t, s)
	tb3.openEditor(s.URL() + "#view=mytour&lang=en")
	tb3.loadTourFile(t, "skip.json", bad)
	tb3.waitFor("the skipped step's note", `!!document.querySelector("#teach-steps li.skipped")`, 10*time.Second)
	tb3.clickOnly("#teach-play")
	tb3.checkPlaying(2, "attention", "Each row sums to 1.")
	if !strings.Contains(eval[string](tb3, `document.querySelector("#teach-bar").textContent`), "Step 1 is skipped") {
		t.Error("the bar does not say that step 1 is skipped")
	}
	tb3.checkClean("a skipped step")
}

// TestMyTourClearUndo removes every step of a tour with notes and puts them
// back with Undo: one click no longer loses a teacher's tour.
func TestMyTourClearUndo(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#lang=en")
	tb.click("#teach-add")
	tb.click(`.tabs [data-view="pipeline"]`)
	tb.click("#teach-add")
	tb.waitFor("two steps", `JSON.parse(window.attnviz.teach()).steps.length === 2`, 10*time.Second)
	tb.click(`.tabs [data-view="mytour"]`)
	tb.waitFor("the editor", `document.querySelectorAll("#teach-steps li").length === 2`, 10*time.Second)
	tb.setNote(2, "Look at the diagonal.")
	tb.waitFor("the note", `JSON.parse(window.attnviz.teach()).steps[1].note !== ""`, 10*time.Second)
	_, before := tb.teachTour()
	tb.clickOnly("#teach-clear")
	tb.waitFor("the steps removed, and the undo", `!document.querySelector("#teach-steps") && !!document.querySelector("#teach-undo")`, 10*time.Second)
	if said := eval[string](tb, `document.querySelector("#teach-cleared").textContent`); !strings.Contains(said, "2") {
		t.Errorf("the undo's status %q does not say how many steps went", said)
	}
	tb.waitFor("the focus on Undo", `document.activeElement?.id === "teach-undo"`, 5*time.Second)
	tb.screenshots("mytour-cleared", nil)
	tb.clickOnly("#teach-undo")
	tb.waitFor("the steps back", `document.querySelectorAll("#teach-steps li").length === 2 && !document.querySelector("#teach-undo")`, 10*time.Second)
	tb.waitFor("the focus back on Remove every step", `document.activeElement?.id === "teach-clear"`, 5*time.Second)
	if _, after := tb.teachTour(); after != before {
		t.Errorf("after Undo the tour is %s, want %s", after, before)
	}
	if note := eval[string](tb, `document.querySelector('#teach-steps li[data-step="2"] .teach-note').value`); note != "Look at the diagonal." {
		t.Errorf("after Undo step 2's note box shows %q (text %q, tour %s)", note, eval[string](tb, `document.querySelector('#teach-steps li[data-step="2"] .teach-note').textContent`), eval[string](tb, `window.attnviz.teach()`))
	}
	tb.checkClean("removing every step and undoing it")
}

// TestMyTourPlayFindsFirst plays a tour whose first playable step is the
// editor itself (step 1 cannot be shown), ends it, removes that broken
// step, and plays again: Play starts at the tour's first step as it is now
// (go-app kept the first click's handler, which had kept the step it
// found then, 2).
func TestMyTourPlayFindsFirst(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openEditor(s.URL() + "#view=mytour&lang=en")
	tb.loadTourFile(t, "tour.json", []byte(`{"kind":"attnviz-tour","steps":[
		{"link":"view=nosuchview","note":"broken"},
		{"link":"view=mytour","note":"the editor"},
		{"link":"view=attention","note":"attention"}]}`))
	tb.waitFor("the tour", `document.querySelectorAll("#teach-steps li").length === 3`, 10*time.Second)
	tb.clickOnly("#teach-play")
	tb.waitFor("step 2, the editor", `window.attnviz.state().teach_step === 2`, 10*time.Second)
	tb.clickOnly("#teach-end")
	tb.waitFor("the tour ended", `window.attnviz.state().teach_step === 0`, 10*time.Second)
	tb.clickOnly(`#teach-steps li[data-step="1"] .teach-remove`)
	tb.waitFor("two steps", `document.querySelectorAll("#teach-steps li").length === 2`, 10*time.Second)
	tb.clickOnly("#teach-play")
	tb.waitFor("a step played", `window.attnviz.state().teach_step > 0`, 10*time.Second)
	if st := eval[int](tb, `window.attnviz.state().teach_step`); st != 1 {
		t.Errorf("Play showed step %d of the tour as it is now, want its first, 1", st)
	}
	tb.checkClean("playing a tour again after its first step was removed")
}
