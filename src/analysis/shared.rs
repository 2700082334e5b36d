//! The analysis tables an index needs, made once per language configuration and shared.
//!
//! An [`Analyzer`] analyses the English words of every lexicon concept, and [`Related`]
//! parses and stems its table: together ~0.5 ms natively (more in wasm), four times what
//! indexing 20 tools costs. Both depend only on the languages and the lexicon switch, so
//! indexes built one after another with the same ones share them (kept per thread, the last
//! configuration only), and a host whose small tool list changes each turn pays for the
//! tools alone. The shared analyzer also remembers the document parts it has analysed, so a
//! rebuild (one tool added to a large list) stems none of them again.

use std::cell::RefCell;
use std::sync::Arc;

use super::language::Language;
use super::related::Related;
use super::Analyzer;

/// One configuration's tables.
type Tables = (Vec<Language>, bool, Arc<Analyzer>, Arc<Related>);

/// The analyzer and related-words table for `languages` and `lexicon`: the last ones made
/// when they were made for the same configuration (a process normally has one), else new.
pub fn tables(languages: &[Language], lexicon: bool) -> (Arc<Analyzer>, Arc<Related>) {
    thread_local! {
        static LAST: RefCell<Option<Tables>> = const { RefCell::new(None) };
    }
    LAST.with_borrow_mut(|last| match last {
        Some((l, x, analyzer, related)) if l.as_slice() == languages && *x == lexicon => {
            (Arc::clone(analyzer), Arc::clone(related))
        }
        _ => {
            let analyzer = Arc::new(Analyzer::new(languages, lexicon));
            let related = Arc::new(Related::new(&analyzer));
            *last = Some((
                languages.to_vec(),
                lexicon,
                Arc::clone(&analyzer),
                Arc::clone(&related),
            ));
            (analyzer, related)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_configuration_shares_its_tables_and_another_gets_its_own() {
        let (a, r) = tables(&[Language::English], true);
        let (b, s) = tables(&[Language::English], true);
        assert!(Arc::ptr_eq(&a, &b) && Arc::ptr_eq(&r, &s));
        let (c, _) = tables(&[Language::English], false);
        assert!(!Arc::ptr_eq(&a, &c));
        let (d, _) = tables(&[Language::English, Language::German], true);
        assert!(!Arc::ptr_eq(&a, &d));
        // The last configuration is remembered: back to the first, new tables.
        let (e, _) = tables(&[Language::English], true);
        assert!(!Arc::ptr_eq(&a, &e));
        assert!(Arc::ptr_eq(&e, &tables(&[Language::English], true).0));
        // The shared analyzer analyses as a fresh one does.
        let (mut shared, mut fresh) = (Vec::new(), Vec::new());
        d.terms("Dateien hochladen", &mut shared);
        Analyzer::new(&[Language::English, Language::German], true)
            .terms("Dateien hochladen", &mut fresh);
        assert_eq!(shared, fresh);
    }
}
