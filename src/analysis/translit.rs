//! Russian loanwords read back in Latin letters. Much of Russian IT vocabulary is English
//! written in Cyrillic (хост, деплой, дашборд, тест, токен), so a Cyrillic query word that
//! the lexicon does not translate is also looked up as its transliteration.

/// `word` (folded Cyrillic) in Latin letters, as an English loanword would be spelled
/// (х → h, й → y); `None` when it has a letter outside the Russian alphabet.
pub fn latin(word: &str) -> Option<String> {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        out.push_str(match c {
            'а' => "a",
            'б' => "b",
            'в' => "v",
            'г' => "g",
            'д' => "d",
            'е' | 'ё' | 'э' => "e",
            'ж' => "zh",
            'з' => "z",
            'и' => "i",
            'й' | 'ы' => "y",
            'к' => "k",
            'л' => "l",
            'м' => "m",
            'н' => "n",
            'о' => "o",
            'п' => "p",
            'р' => "r",
            'с' => "s",
            'т' => "t",
            'у' => "u",
            'ф' => "f",
            'х' => "h",
            'ц' => "ts",
            'ч' => "ch",
            'ш' => "sh",
            'щ' => "sch",
            'ъ' | 'ь' => "",
            'ю' => "yu",
            'я' => "ya",
            _ => return None,
        });
    }
    (!out.is_empty()).then_some(out)
}

/// Adds to `out` the English noun in -tion that a Russian stem in ц is (интеграц:
/// integration, итерац: iteration), spelled with c for к (коллекц: collection), and a second
/// spelling with s for з too (позиц: position; the first keeps -ization's z: организац,
/// organization). Nothing for another word.
pub fn tion(stem: &str, out: &mut Vec<String>) {
    let Some(base) = stem.strip_suffix('ц').and_then(latin) else {
        return;
    };
    let spell = |z: char| -> String {
        let mut word: String = base
            .chars()
            .map(|c| match c {
                'k' => 'c',
                'z' => z,
                c => c,
            })
            .collect();
        word.push_str("tion");
        word
    };
    out.push(spell('z'));
    out.push(spell('s'));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loanwords_come_back_in_latin_letters() {
        assert_eq!(latin("хост").as_deref(), Some("host"));
        assert_eq!(latin("деплой").as_deref(), Some("deploy"));
        assert_eq!(latin("дашборд").as_deref(), Some("dashbord"));
        assert_eq!(latin("токен").as_deref(), Some("token"));
    }

    #[test]
    fn a_stem_in_ts_is_an_english_noun_in_tion() {
        let tion = |stem: &str| {
            let mut out = Vec::new();
            tion(stem, &mut out);
            out
        };
        assert_eq!(tion("интеграц"), ["integration", "integration"]);
        assert_eq!(tion("коллекц"), ["collection", "collection"]);
        assert_eq!(tion("позиц"), ["pozition", "position"]);
        assert_eq!(tion("организац"), ["organization", "organisation"]);
        assert!(tion("хост").is_empty());
    }

    #[test]
    fn other_letters_are_not_guessed() {
        assert_eq!(latin("хостx"), None);
        assert_eq!(latin("її"), None);
        assert_eq!(latin(""), None);
    }
}
