package views

import (
	"bytes"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/attnviz/attnviz/attention/export"
)

// TestExportMenuControls checks that the menu has a control with
// data-export for every format the issue names, and copy buttons.
func TestExportMenuControls(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	html := render(t, &ExportMenu{Props: propsOf(t, s, 0)})
	for _, f := range []string{"png", "svg", "json", "csv", "text", "latex", "markdown"} {
		if !strings.Contains(html, `data-export="`+f+`"`) {
			t.Errorf("no control with data-export=%q", f)
		}
	}
	for _, f := range []string{"json", "csv", "text", "latex", "markdown"} {
		if !strings.Contains(html, `data-copy="`+f+`"`) {
			t.Errorf("no control with data-copy=%q", f)
		}
	}
	for _, id := range []string{`id="export"`, `id="copy-link"`, `id="export-status"`} {
		if !strings.Contains(html, id) {
			t.Errorf("no element %s", id)
		}
	}
}

// TestResultFile checks the bytes and names of the result's files: the
// bytes are attention/export's for the page's spec and head, and only the
// one-matrix formats name the head.
func TestResultFile(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Head = 1
	s.Causal = true
	p := propsOf(t, s, 0)
	for _, tc := range []struct {
		f    export.Format
		name string
	}{
		{export.JSON, "attention-the-cat-sat-on-the-mat-because-it-was-causal-d16-seed1.json"},
		{export.CSV, "attention-the-cat-sat-on-the-mat-because-it-was-causal-d16-seed1.csv"},
		{export.Text, "attention-the-cat-sat-on-the-mat-because-it-was-causal-d16-seed1.txt"},
		{export.LaTeX, "attention-the-cat-sat-on-the-mat-because-it-was-h2-causal-d16-seed1.tex"},
		{export.Markdown, "attention-the-cat-sat-on-the-mat-because-it-was-h2-causal-d16-seed1.md"},
	} {
		name, data, err := resultFile(p, tc.f)
		if err != nil {
			t.Fatalf("%s: %v", tc.f, err)
		}
		want, err := export.Bytes(tc.f, p.Result, s.Spec(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, want) {
			t.Errorf("%s: the bytes differ from export.Bytes for head 2", tc.f)
		}
		if name != tc.name {
			t.Errorf("%s: name %q, want %q", tc.f, name, tc.name)
		}
	}
}

// TestChartFileName checks that only the main heatmap keeps the label's
// name, and that the others add their view and number.
func TestChartFileName(t *testing.T) {
	l := export.Label{Sentence: "A b.", Heads: 2, Head: 0, DModel: 16}
	for _, tc := range []struct {
		view string
		k    int
		want string
	}{
		{"attention", 0, "attention-a-b-h1-d16.png"},
		{"attention", 1, "attention-a-b-h1-d16-attention-2.png"},
		{"pipeline", 0, "attention-a-b-h1-d16-pipeline-1.png"},
	} {
		if got := chartFileName(l, tc.view, tc.k, "png"); got != tc.want {
			t.Errorf("chartFileName(%s, %d) = %q, want %q", tc.view, tc.k, got, tc.want)
		}
	}
}

// TestChartCaption checks that the English caption is attention/export's
// own, for every kind of head, and that the Chinese one says the same in
// Chinese.
func TestChartCaption(t *testing.T) {
	for _, l := range []export.Label{
		{Sentence: "The cat sat on the mat, and then it slept for a very long time.", Heads: 2, Head: 1, Causal: true, DModel: 16, Seed: 1, Seeded: true},
		{Sentence: "A b", Heads: 4, Head: export.Mean, DModel: 8},
		{Sentence: "", Heads: 1, Head: 0, DModel: 4},
	} {
		if got, want := chartCaption(i18n.LangEN, l), l.Caption(); got != want {
			t.Errorf("English caption %q, want export's %q", got, want)
		}
	}
	l := export.Label{Sentence: "注意力机制很重要", Heads: 2, Head: 1, Causal: true, DModel: 16, Seed: 7, Seeded: true}
	if got, want := chartCaption(i18n.LangZH, l), "“注意力机制很重要” · 头 2（共 2 个） · 因果掩码 · d_model 16 · 种子 7"; got != want {
		t.Errorf("Chinese caption %q, want %q", got, want)
	}
	trained := export.Label{Task: "reverse", Step: 30, Sentence: "a b c", Heads: 1, DModel: 16, Seed: 2, Seeded: true}
	for lang, want := range map[string]string{
		i18n.LangEN: "Reverse, trained to step 30 · “a b c” · 1 head · d_model 16 · seed 2",
		i18n.LangZH: "倒序，训练到第 30 步 · “a b c” · 1 个头 · d_model 16 · 种子 2",
	} {
		if got := chartCaption(lang, trained); got != want {
			t.Errorf("%s: a trained model's caption %q, want %q", lang, got, want)
		}
	}
}

// TestExportWhich checks that the menu says whose weights Save and Copy
// hold where the view's charts show more (compare, padding, the tour's
// compare step), in both languages, and says nothing in the attention view
// or in cross-attention, where they are the weights shown.
func TestExportWhich(t *testing.T) {
	for _, c := range []struct {
		view, step string
		cross      bool
		want       string
	}{
		{"compare", "", false, "(A in the charts)"},
		{"padding", "", false, "unpadded"},
		{state.TourViewID, "10", false, "(A in the charts)"},
		{"attention", "", false, ""},
		{"compare", "", true, ""},
		{"compare", "trained", false, "trained layer"},
	} {
		for _, lang := range []string{i18n.LangEN, i18n.LangZH} {
			s := state.DefaultState(lang)
			s.View, s.Step, s.Cross = c.view, c.step, c.cross
			if c.step == "trained" {
				s.Step, s.Trained, s.Task, s.Steps = "", true, "reverse", 5
			}
			if c.step == "10" && !GoToTourStep(&s, 10) {
				t.Fatal("no tour step 10")
			}
			if c.step == "10" && TourStepView(s) != "compare" {
				t.Fatalf("tour step 10 shows %s, not compare", TourStepView(s))
			}
			html := render(t, &ExportMenu{Props: propsOf(t, s, 0)})
			has := strings.Contains(html, `id="export-which"`)
			switch {
			case c.want == "" && has:
				t.Errorf("%s %s (cross %v): the menu says whose weights it saves", lang, c.view, c.cross)
			case c.want != "" && (!has || lang == i18n.LangEN && !strings.Contains(html, c.want) || !s.TrainedOn() && !strings.Contains(html, "“"+string([]rune(s.Text)[:4]))):
				t.Errorf("%s %s: no note with %q and the sentence: %s", lang, c.view, c.want, html)
			}
		}
	}
}
