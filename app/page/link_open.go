package page

import (
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
	"github.com/attnviz/attnviz/attention/model"
)

// knownParts drops the ids of s that name no view, pipeline step or task
// (the link codec reads ids; the page knows which exist): each keeps def's
// and is named in the problems.
func knownParts(s, def state.State, probs []state.LinkProblem) (state.State, []state.LinkProblem) {
	if viewByID(s.View) == nil {
		probs = append(probs, state.NewLinkProblem("view", s.View, def.View, ""))
		s.View, s.Step = def.View, def.Step
	}
	if s.Step != "" && s.View != state.TourViewID && !views.HasStep(s.Step) {
		probs = append(probs, state.NewLinkProblem("step", s.Step, "", ""))
		s.Step = ""
	}
	if _, err := model.Lookup(s.Task); err != nil {
		probs = append(probs, state.NewLinkProblem("task", s.Task, def.Task, ""))
		s.Task = def.Task
	}
	if t, err := model.Lookup(s.Task); err == nil && s.Layer >= t.Arch.Layers {
		why, args := "link.why.layers", []any{t.Arch.Layers}
		if t.Arch.Layers == 1 {
			why, args = "link.why.layer", nil
		}
		probs = append(probs, state.NewLinkProblem("layer", strconv.Itoa(s.Layer), "0", why, args...))
		s.Layer = 0 // as State.Normalize would at the next change
	}
	return s, probs
}

// dropCellOutside names and drops a link's cell that lies outside the
// weights shown (cell=99,99 on a sentence of 10 tokens), which the views
// would silently show none of.
func (p *Page) dropCellOutside() {
	c, r := p.state.Cell, p.res.Result
	if !c.On || r == nil || compute.CellIn(c, r) {
		return
	}
	p.linkProblems = append(p.linkProblems, state.NewLinkProblem("cell", c.String(), "", "link.why.cell", len(r.Tokens)))
	p.notice = "notice.linkParts"
	p.state.Cell = state.CellRef{}
	p.update()
}

// linkInputs are the fields of a link's input that keepGoodInput may put
// back, in the order it tries them.
var linkInputs = []struct {
	key   string
	field func(*state.State) *string
}{
	{"text2", func(s *state.State) *string { return &s.Text2 }},
	{"m", func(s *state.State) *string { return &s.Matrices }},
	{"text", func(s *state.State) *string { return &s.Text }},
}

// keepGoodInput mends a link whose input the engine rejects: it puts back
// def's second sentence, matrices or sentence, the first that alone makes
// the input compute, and names it; else it puts them back one after the
// other until the input computes, and names each. It reports whether it
// did. Its trials run the Computer alone; the page updates once, after.
func (p *Page) keepGoodInput(def state.State) bool {
	link, rejected := p.state, p.res.Rejected
	for _, f := range linkInputs {
		if *f.field(&link) == *f.field(&def) {
			continue
		}
		p.state = link
		*f.field(&p.state) = *f.field(&def)
		if p.trial().Key == "" {
			p.linkProblems = append(p.linkProblems, putBack(f.key, *f.field(&link), *f.field(&def), rejected))
			return p.mended()
		}
	}
	p.state = link
	rej := p.trial()
	for _, f := range linkInputs {
		was, put := f.field(&p.state), *f.field(&def)
		if *was == put {
			continue
		}
		p.linkProblems = append(p.linkProblems, putBack(f.key, *was, put, rej))
		*was = put
		if rej = p.trial(); rej.Key == "" {
			return p.mended()
		}
	}
	return false
}

// trial computes the state as it is and returns why the engine rejects
// its input (Key "" if it does not).
func (p *Page) trial() compute.Problem {
	p.res = p.comp.Update(p.state, p.needs())
	return p.res.Rejected
}

// mended has the page show a link that keepGoodInput mended.
func (p *Page) mended() bool {
	p.notice = "notice.linkParts"
	p.update()
	return true
}

// putBack is the problem of a link's input field key, whose value was the
// engine rejected (r), and which put replaces.
func putBack(key, was, put string, r compute.Problem) state.LinkProblem {
	why, args := rejectionWhy(r)
	pr := state.NewLinkProblem(key, was, put, why, args...)
	if key != "m" && put != "" {
		pr.Used = "“" + pr.Used + "”"
	}
	return pr
}

// rejectionWhy is the reason a link's input was put back, from the key of
// the engine's rejection.
func rejectionWhy(r compute.Problem) (string, []any) {
	switch {
	case strings.HasPrefix(r.Key, "error.tooMany") || r.Key == "cross.tooMany":
		if args, ok := r.Arg.([]any); ok && len(args) > 0 {
			return "link.why.tooMany", args[:1]
		}
	case r.Key == "cross.empty":
		return "link.why.empty", nil
	}
	return "link.why.input", nil
}

// linkProblemsText names each setting of the link that could not be used,
// and what was used instead, in lang: the rest of notice.linkParts.
func linkProblemsText(lang, notice string, probs []state.LinkProblem) string {
	if notice != "notice.linkParts" {
		return ""
	}
	var b strings.Builder
	for _, pr := range probs {
		b.WriteByte(' ')
		if pr.Why != "" {
			b.WriteString(i18n.Tf(lang, "link.problem.why", pr.Key, pr.Value, i18n.Tf(lang, pr.Why, pr.Args...)))
		} else {
			b.WriteString(i18n.Tf(lang, "link.problem", pr.Key, pr.Value))
		}
		if pr.Used == "" {
			b.WriteString(i18n.T(lang, "link.problem.out"))
		} else {
			b.WriteString(i18n.Tf(lang, "link.problem.used", pr.Used))
		}
	}
	return b.String()
}
