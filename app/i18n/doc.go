// Package i18n holds every text the page shows, in English and Simplified
// Chinese, and the choice of language. It imports nothing of the module.
package i18n
