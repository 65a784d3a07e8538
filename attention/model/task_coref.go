package model

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// coreference: sentences of a small grammar in English and Chinese, in
// which "it"/"它" refers to the subject or the object depending on the
// adjective; the model predicts, at the pronoun, the noun it refers to.

// corefTemplate is one sentence pattern: its words, with S (subject), O
// (object), P (the pronoun) and A (the adjective) as slots.
type corefTemplate struct {
	words          []string
	subjects       []string
	objects        []string
	subjAdj, objAd []string // adjectives that make the pronoun the subject / object
}

var (
	animalsEn = []string{"animal", "cat", "dog", "horse", "cow", "fox"}
	placesEn  = []string{"street", "road", "river", "bridge", "field", "track"}
	animalsZh = []string{"动物", "猫", "狗", "马", "牛", "狐狸"}
	placesZh  = []string{"街道", "马路", "河", "桥", "田野", "跑道"}
	tiredEn   = []string{"tired", "lazy", "sleepy", "scared"}
	tiredZh   = []string{"累", "懒", "困", "害怕"}

	wideEn, wideZh = strings.Fields("wide busy long wet"), strings.Fields("宽 繁忙 长 湿")
	fastEn, fastZh = strings.Fields("fast quick far"), strings.Fields("快 远")

	// S is the one who (didn't) cross or chase, O what is crossed or
	// chased; the passive sentences put O first.
	corefTemplates = []corefTemplate{
		{strings.Fields("the S didn't cross the O because P was too A ."), animalsEn, placesEn, tiredEn, wideEn},
		{strings.Fields("the S didn't chase the O because P was too A ."), animalsEn, animalsEn, tiredEn, fastEn},
		{strings.Fields("the O wasn't crossed by the S because P was too A ."), animalsEn, placesEn, tiredEn, wideEn},
		{strings.Fields("the O wasn't chased by the S because P was too A ."), animalsEn, animalsEn, tiredEn, fastEn},
		{strings.Fields("S 没有 穿过 O ， 因为 P 太 A 了 。"), animalsZh, placesZh, tiredZh, wideZh},
		{strings.Fields("S 没有 追 O ， 因为 P 太 A 了 。"), animalsZh, animalsZh, tiredZh, fastZh},
		{strings.Fields("O 没有 被 S 穿过 ， 因为 P 太 A 了 。"), animalsZh, placesZh, tiredZh, wideZh},
		{strings.Fields("O 没有 被 S 追 ， 因为 P 太 A 了 。"), animalsZh, animalsZh, tiredZh, fastZh},
	}
)

// corefVocab returns every word of the templates, once, in a fixed order.
// It runs at start-up (init registers the tasks): a set, not a search of
// v for each word, keeps its loops short, which in the browser kept V8
// from compiling it again with TurboFan during the page's first load
// (docs/performance.md).
func corefVocab() []string {
	var v []string
	seen := map[string]bool{}
	add := func(ws ...string) {
		for _, w := range ws {
			if len(w) == 1 && strings.Contains("SOPA", w) || seen[w] {
				continue
			}
			seen[w] = true
			v = append(v, w)
		}
	}
	add("it", "它")
	for _, t := range corefTemplates {
		add(t.words...)
		add(t.subjects...)
		add(t.objects...)
		add(t.subjAdj...)
		add(t.objAd...)
	}
	return v
}

func corefTask() *Task {
	vocab := corefVocab()
	id := func(w string) int { return slices.Index(vocab, w) }
	return &Task{
		Name: "coreference",
		Summary: Explanation{
			En:     "at \"it\"/\"它\", the noun it refers to, which the adjective decides",
			ZhHans: "在“it”/“它”处，预测它所指的名词，由形容词决定",
		},
		Explain: Explanation{
			En:     "In \"The animal didn't cross the street because it was too tired\", \"it\" is the animal; with \"too wide\" it is the street. Nothing before the pronoun decides, so two layers work together: in layer 1 the pronoun reads the adjective (and each noun whether it crosses or is crossed), and in layer 2 the pronoun's row puts more weight on the noun it refers to than on the other noun, switching noun when the adjective changes. Sentences in the passive (\"the street wasn't crossed by the animal\") and with two animals (\"chase\") make sure that only this attention solves the task: without them the model learned other routes, such as the adjective looking up its noun.",
			ZhHans: "在“动物没有穿过街道，因为它太累了”中，“它”指动物；换成“太宽了”，它就指街道。代词之前的词决定不了，所以两层要配合：第 1 层里代词读取形容词（每个名词也读取自己是穿过的一方还是被穿过的一方），第 2 层里代词那一行给它所指的名词的权重比给另一个名词的大，形容词一变，就换到另一个名词。被动句（“街道没有被动物穿过”）和两个名词都是动物的句子（“追”）保证只有这种注意力才能解决任务：没有它们时，模型学到了别的办法，比如由形容词去找它的名词。",
		},
		Vocab: vocab,
		Arch:  Arch{MaxLen: 13, DModel: 16, Heads: 4, Layers: 2},
		LR:    0.01, WeightDecay: 0.3, Clip: 1, Batch: 32, Steps: 1000, Target: 0.95, PatternTarget: 0.9,
		Sample: "the animal didn't cross the street because it was too tired .",
		generate: func(r *rand.Rand, ex *Example) {
			corefExample(r, id, ex)
		},
		pattern: corefShows,
	}
}

// corefExample draws a template, two different nouns and an adjective into ex.
func corefExample(r *rand.Rand, id func(string) int, ex *Example) {
	t := corefTemplates[r.IntN(len(corefTemplates))]
	subj := t.subjects[r.IntN(len(t.subjects))]
	obj := t.objects[r.IntN(len(t.objects))]
	for obj == subj {
		obj = t.objects[r.IntN(len(t.objects))]
	}
	k := r.IntN(len(t.subjAdj) + len(t.objAd))
	toSubj := k < len(t.subjAdj)
	adj := ""
	if toSubj {
		adj = t.subjAdj[k]
	} else {
		adj = t.objAd[k-len(t.subjAdj)]
	}
	ex.reset(len(t.words), true)
	var sPos, oPos, pPos int
	for i, w := range t.words {
		switch w {
		case "S":
			w, sPos = subj, i
		case "O":
			w, oPos = obj, i
		case "A":
			w = adj
		case "P":
			w, pPos = "it", i
			if t.words[len(t.words)-1] == "。" {
				w = "它"
			}
		}
		ex.Tokens[i] = id(w)
	}
	ref, alt := oPos, sPos
	if toSubj {
		ref, alt = sPos, oPos
	}
	ex.Targets[pPos], ex.Refs[pPos], ex.Alt[pPos] = ex.Tokens[ref], ref, alt
}

// corefShows counts a sentence as showing the pattern when, in the mean of
// the last layer's heads, the pronoun's row weighs the referent more than
// the other noun.
func corefShows(ex *Example, p *Pass) (int, int) {
	n := len(ex.Tokens)
	w := p.Res[len(p.Res)-1].WeightsMean.RawMatrix().Data
	for i, ref := range ex.Refs {
		if ref >= 0 && w[i*n+ref] <= w[i*n+ex.Alt[i]] {
			return 0, 1
		}
	}
	return 1, 1
}
