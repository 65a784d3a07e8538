package i18n

import (
	"fmt"
	"slices"
	"strings"
)

// Languages of the user interface, as they appear in links (lang=…) and in
// the lang attribute of the page.
const (
	LangEN = "en"
	LangZH = "zh-Hans"
)

// Langs lists the interface languages in the order the language switch shows
// them.
var Langs = []string{LangEN, LangZH}

// ParseLang returns the interface language that tag asks for: "en" and its
// regional forms give LangEN; "zh", "zh-Hans", "zh-CN", "zh-SG" give LangZH.
// ok is false for anything else.
func ParseLang(tag string) (lang string, ok bool) {
	t := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(tag), "_", "-"))
	switch {
	case t == "en" || strings.HasPrefix(t, "en-"):
		return LangEN, true
	case t == "zh" || t == "zh-hans" || strings.HasPrefix(t, "zh-hans-") ||
		t == "zh-cn" || t == "zh-sg":
		return LangZH, true
	}
	return "", false
}

// T returns the text of key in lang. A key missing in lang falls back to
// English, and a key missing everywhere is returned as is, so that a typo
// shows on the page instead of an empty string; TestMessages checks that every
// key has every language.
//
// T is not inlined: the views call it at about 180 places, and inlined there
// its lookups would cost app.wasm about 20 KB gzip.
//
//go:noinline
func T(lang, key string) string {
	if s, ok := lookup(lang, key); ok {
		return s
	}
	if s, ok := lookup(LangEN, key); ok {
		return s
	}
	return key
}

// Tf is T with the fmt verbs of the text filled from args.
func Tf(lang, key string, args ...any) string {
	return fmt.Sprintf(T(lang, key), args...)
}

// Has reports whether key has a text of its own in lang.
func Has(lang, key string) bool {
	_, ok := lookup(lang, key)
	return ok
}

// entry is a text of the generated tables (messages_gen.go).
type entry struct{ key, text string }

// lookup finds key's text in lang's generated table, sorted by key.
func lookup(lang, key string) (string, bool) {
	var table []entry
	switch lang {
	case LangEN:
		table = enTable
	case LangZH:
		table = zhTable
	default:
		return "", false
	}
	i, ok := slices.BinarySearchFunc(table, key, func(e entry, k string) int { return strings.Compare(e.key, k) })
	if !ok {
		return "", false
	}
	return table[i].text, true
}

// The texts' sources are map variables, baseMessages below and one in each
// file of a part of the page (learnMessages in learn.go, …), by language and
// key; sources lists them. The page reads none of them: T reads
// messages_gen.go's tables, sorted slices of the same texts, which the
// compiler lays out as data, where the maps would be built and merged by
// code at every start of app.wasm (about 10 ms of the first load's main
// thread: docs/performance.md, "The live first render (session 12)"), so
// the linker leaves the maps out. After changing a text, run
// `go test ./app/i18n -update` (TestTables fails until then).

// sources are the texts' maps. A file of texts adds its variable here.
func sources() []map[string]map[string]string {
	return []map[string]map[string]string{
		baseMessages, colourMessages, crossMessages, examplesMessages, exportMessages,
		fixesMessages, keysMessages, keysGuessMessages, learnMessages, matricesMessages,
		openupMessages, pipelineMessages, predictMessages, predictChangeMessages,
		presentMessages, presetsMessages, teachMessages, teachErrorsMessages,
		tourMessages, trainedViewsMessages,
		linkMessages, importWordsMessages, engineMessages,
	}
}

// sourceMessages merges sources into one map, by language and key. A key
// given twice, or a language that Langs lacks, panics: a programmer's
// mistake, caught by any test of the package.
func sourceMessages() map[string]map[string]string {
	all := map[string]map[string]string{}
	for _, lang := range Langs {
		all[lang] = map[string]string{}
	}
	for _, m := range sources() {
		for lang, texts := range m {
			if all[lang] == nil {
				panic("i18n: no language " + lang)
			}
			for k, s := range texts {
				if _, dup := all[lang][k]; dup {
					panic("i18n: message " + k + " registered twice")
				}
				all[lang][k] = s
			}
		}
	}
	return all
}

// baseMessages are the texts of the page's frame and the attention view. Keys
// are dotted, by the part of the page that shows them; "view.<id>" is the
// title of the view <id> (see app/page/registry.go).
var baseMessages = map[string]map[string]string{
	LangEN: {
		"lang.name":  "English",
		"lang.label": "Language",

		"app.title":   "Self-attention, step by step",
		"app.tagline": "Type a sentence: every keystroke recomputes each head's query–key attention weights.",
		"app.random":  "The weights are random (from the seed), not trained: this shows how attention computes, not what a trained model has learnt.",

		"sentence.label":       "Sentence",
		"sentence.placeholder": "Type a sentence…",
		"sentence.example":     "The cat sat on the mat because it was tired.",
		"tokens.count":         "%d tokens",
		"tokens.one":           "1 token",
		"tokens.label":         "Tokens",

		"controls.label":     "Settings",
		"heads.label":        "Heads",
		"dmodel.label":       "d_model",
		"dmodel.title":       "Width of each token's embedding vector; split evenly among the heads",
		"seed.label":         "Seed",
		"seed.title":         "Seeds the random embeddings and weights: the same seed gives the same numbers",
		"causal.label":       "Causal mask",
		"causal.title":       "Each token may attend only to itself and the tokens before it",
		"positional.label":   "Positional encoding",
		"positional.title":   "Add sinusoidal position vectors, so that the same word at two places differs",
		"head.label":         "Head",
		"head.n":             "Head %d",
		"head.mean":          "Mean",
		"head.mean.long":     "Mean of all heads",
		"views.label":        "Views",
		"view.attention":     "Attention",
		"error.tooMany":      "Too many tokens: at most %d, and this text has about %d words. Shorten the text; the charts still show the last sentence that fitted.",
		"error.tooMany.side": "too many tokens: at most %d, and this text has about %d words. Shorten it.",
		"error.rejected":     "This input cannot be computed (%s); the charts still show the last valid one.",
		"notice.badLink":     "This link's settings could not be read, so the default view is shown.",
		"notice.dismiss":     "Dismiss",
		"empty.title":        "Type a sentence to begin",
		"empty.body":         "Each word and punctuation mark becomes a token; each token then looks at every token (itself included) and gets one row of weights.",
		"chart.loading":      "Loading chart…",
		"chart.label":        "%s: attention weights, rows are queries, columns are keys",
		"attn.title":         "%s: attention weights",
		"attn.caption":       "Row = query (the token that looks), column = key (the token looked at). Each row sums to 1.",
		"attn.causal":        "Causal mask on: cells above the diagonal are 0, since a token cannot see later tokens.",
		"attn.all":           "All heads",
		"attn.all.caption":   "Click a head to show it large.",
		"term.query":         "query",
		"term.key":           "key",
		"term.value":         "value",
		"term.weight":        "weight",
		"tip.position":       "#%d",
		"tip.quote":          "“%s”",
	},
	LangZH: {
		"lang.name":  "简体中文",
		"lang.label": "语言",

		"app.title":   "自注意力，一步一步看",
		"app.tagline": "输入一句话：每敲一个键，都会重新计算每个头的查询–键注意力权重。",
		"app.random":  "权重是随机的（由种子决定），并未经过训练：这里展示注意力如何计算，而不是训练好的模型学到了什么。",

		"sentence.label":       "句子",
		"sentence.placeholder": "输入一句话…",
		"sentence.example":     "小猫坐在垫子上，因为它累了。",
		"tokens.count":         "%d 个词元",
		"tokens.one":           "1 个词元",
		"tokens.label":         "词元",

		"controls.label":     "设置",
		"heads.label":        "头数",
		"dmodel.label":       "d_model",
		"dmodel.title":       "每个词元嵌入向量的维度，平均分给各个头",
		"seed.label":         "种子",
		"seed.title":         "随机嵌入和权重的种子：相同的种子给出相同的数值",
		"causal.label":       "因果掩码",
		"causal.title":       "每个词元只能关注它自己和它之前的词元",
		"positional.label":   "位置编码",
		"positional.title":   "加上正弦位置向量，使同一个词出现在两个位置时有所不同",
		"head.label":         "头",
		"head.n":             "头 %d",
		"head.mean":          "平均",
		"head.mean.long":     "所有头的平均",
		"views.label":        "视图",
		"view.attention":     "注意力",
		"error.tooMany":      "词元过多：最多 %d 个，而此文本约有 %d 个词。请缩短文本；图表仍显示上一句未超限的输入。",
		"error.tooMany.side": "词元过多：最多 %d 个，而此文本约有 %d 个词。请缩短它。",
		"error.rejected":     "无法计算此输入（%s）；图表仍显示上一个有效的输入。",
		"notice.badLink":     "无法读取此链接中的设置，已显示默认视图。",
		"notice.dismiss":     "关闭",
		"empty.title":        "输入一句话开始",
		"empty.body":         "每个词和标点都会成为一个词元；每个词元会查看所有词元（包括它自己），得到一行权重。",
		"chart.loading":      "图表加载中…",
		"chart.label":        "%s：注意力权重，行是查询，列是键",
		"attn.title":         "%s：注意力权重",
		"attn.caption":       "行 = 查询（发出关注的词元），列 = 键（被关注的词元）。每行之和为 1。",
		"attn.causal":        "因果掩码已开启：对角线以上的格子为 0，因为词元看不到后面的词元。",
		"attn.all":           "所有头",
		"attn.all.caption":   "点击某个头，放大显示它。",
		"term.query":         "查询",
		"term.key":           "键",
		"term.value":         "值",
		"term.weight":        "权重",
		"tip.position":       "第 %d 个",
		"tip.quote":          "「%s」",
	},
}
