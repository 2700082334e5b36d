//! Which query words carry no meaning for tool search: a small multilingual stopword list.
//!
//! Applied to queries only, and only to a word that is no tool's name word in the catalog
//! being searched (the search checks that), so `get`, `find` or `show` survive wherever some
//! tool is named after them. Documents keep every word.

/// Folded request phrasing and other meaning-poor query words of en/es/pt/fr/de/it/ru that
/// are not function words (those are in [`ENGLISH_FUNCTION_WORDS`] and [`FUNCTION_WORDS`],
/// which [`is_stopword`] also checks).
const WORDS: &str = concat!(
    // English
    "all also any give hello help hey hi just know let like need please so some then ",
    "there want ",
    // Request phrasing that names no tool action
    "tell provide assist kindly wondering wonder interested looking possible able ",
    "currently now thanks thank maybe perhaps trying try something anything way ",
    // Function words of the usual English stopword list (as in wink-nlp-utils, NLTK)
    "before after above below up down out off over under again further once here both ",
    "each few more most other such only own same too very ",
    // Russian, German and Spanish request phrasing: give (дай, gib), tell (sag, dime); дай
    // was heard as day, gib as GiB, dime as dimension
    "пожалуйста дай дайте gib sag dime ",
    // Function words of other languages that are also tool words (au, ce, dir, io, nas, su, …)
    "au ne sa ta ton ce par est al es se no na nas sem eu su io ci vi si ti er dir über ",
    // German "all", as English "all" above
    "alle alles ",
    // "Please" in Spanish, Portuguese and Italian, which reads as favorite
    "favor favore ",
);

/// Function words (articles, pronouns, prepositions, conjunctions, auxiliaries, question
/// words, contraction pieces) of English; with [`FUNCTION_WORDS`], dropped from queries even
/// where a tool name contains them (`summarize_article_for_query`, `what_to_watch`), because
/// in a query they name nothing and, matching every description, only add noise.
const ENGLISH_FUNCTION_WORDS: &str = concat!(
    "a an the this that these those and or but nor if of in on at by for from into onto ",
    "to with without within about as than through during between against until while ",
    "because whether via am is are was were be been being do does did doing have has had ",
    "having can could will would shall should may might must ought i me my mine myself ",
    "we us our ours ourselves you your yours yourself yourselves he him his himself she ",
    "her hers herself it its itself they them their theirs themselves what which who ",
    "whom whose why how when where s t ll re ve d m ",
);

/// English function words that are no common word of the lexicon's other Latin-script
/// languages (not a, i, me, in, on, an, am, as, do, no, so, was, will or via): see
/// [`Reading::English`].
const ENGLISH_MARKS: &str = concat!(
    "the of and to for with from by at is are be been this that these those what which ",
    "who how why when where my your our their its it can could would should",
);

/// The function words of es/pt/fr/de/it/ru (see [`ENGLISH_FUNCTION_WORDS`]).
const FUNCTION_WORDS: &str = concat!(
    "el la los las del en y un una para ",
    "por con que mi o os da em e um uma com meu minha il lo gli le di per che mio de du ",
    "des et une pour avec mon ma der die das den dem ein eine und im für mit von zu auf ",
    "ist mein meine в на и с по для из к о у не как что это мне мой мою моей моя моё мои ",
    "моих моим моего его её их этот эта эти этой этом этого все всё всех про от до за ",
    "при или но где ",
    // Personal pronouns: меня stems like меню (menu), тебе like a tab.
    "я меня мной ты тебя тебе тобой мы нас нам нами вы вас вам вами он она они него нему ",
    "ним нём неё ней них ними себя себе кто есть ",
    // Relative pronouns, demonstratives, modals and conjunctions: можешь sounds like emojis
    // and которых like actor to `loanword`'s ear. (Not том, which is also a storage volume.)
    "который которая которое которые которого которой котором которому которых которым ",
    "которыми тот та те того тому тем можешь можете может могу можно чтобы если когда ",
    "уже ещё тоже только там тут здесь ",
    // быть (be), просто (just) and ничего (nothing), which the ear heard as byte, post and
    // nich; включая (including), which stems as включи (enable)
    "быть просто ничего включая ",
    // French
    "les aux ces cet cette mes tes ses notre nos votre vos leur leurs dans sur sous sans ",
    "qui quoi sont je tu elle nous vous ils elles moi toi lui ou où mais pas ",
    // quels, quelles (which), read as German Quelle (source); not quelle, which is that too
    "quels quelles ",
    // Spanish
    "sus mis tus yo este esta estos estas ese esa eso esto sin uno unos unas te como ",
    "donde cuando pero muy hay ",
    // Portuguese
    "dos ao aos pelo pela pelos pelas uns umas meus minhas seu sua seus suas isso isto ",
    "esse essa você ele ela eles elas não também ",
    // Colloquial pra (para), and words a typo or prefix read as tool words: tem (has) as
    // template, ser (be) as service, mim (me) as mime, dele (his) as delete
    "pra tem ser mim dele dela deles delas ",
    // hoje (today), which the Spanish stemmer reads as hoja (sheet)
    "hoje ",
    // Italian
    "della dello dei delle degli alla allo alle agli nel nella nello nei nelle negli dal ",
    "dalla dai dalle sul sulla sui sulle tra fra mia miei mie tuo tua suo questo questa ",
    "questi queste quello quella chi cosa come dove quando non anche lei noi voi loro ",
    // German
    "einer eines oder sind zum zur vom ins aus bei dein deine sein seine ihr ihre ihren ",
    "ihrem unser unsere unseren diese dieser dieses diesen diesem ich sie wir ",
    "mich mir dich uns noch auch nicht kein keine wie wo wann welche welcher dass nach ",
    "unter vor durch ohne gegen hat haben wird werden kann können soll möchte muss ",
    "meinen meinem meiner einen einem bitte ",
    // als (as, than), which stems to al; sich (oneself) and seit (since), read as
    // security and Seite (page)
    "als sich seit ",
    // French donne (give), which stems like données (data)
    "donne ",
);

/// Spanish and Portuguese for "all", which English tool names use as "to-do" (`list_todos`):
/// function words only in a query that [`IBERIAN_MARKS`] shows is Spanish or Portuguese.
const IBERIAN_ALL: &[&str] = &["todo", "todos", "toda", "todas"];

/// Spanish and Portuguese function words that English and French queries do not use (not
/// `do`, `no`, `as` or `com`, which English or a split `monday.com` gives).
const IBERIAN_MARKS: &[&str] = &[
    "el", "los", "las", "del", "una", "mis", "sus", "y", "con", "um", "uma", "os", "aos", "dos",
    "das", "da", "em", "na", "pelo", "pela", "meu", "minha", "meus", "minhas", "seu", "sua",
    "seus", "suas",
];

/// Drops "todo(s)/toda(s)" (all) from a query that another word marks as Spanish or
/// Portuguese: "lee todo el grafo" asks for the graph, not for to-do items.
pub fn drop_iberian_all<W>(words: &mut Vec<W>, surface: impl Fn(&W) -> &str) {
    // The four words first: almost no query has one, and the marks are a long list.
    if words.iter().any(|w| IBERIAN_ALL.contains(&surface(w)))
        && words.iter().any(|w| IBERIAN_MARKS.contains(&surface(w)))
    {
        words.retain(|w| !IBERIAN_ALL.contains(&surface(w)));
    }
}

/// The lexicon's Latin-script languages (by their line tags) that a request's function words
/// can tell apart, each with function words that only it of the five uses: a request says
/// which of Spanish and Portuguese it is in by them (es el, los, y, mis against pt o, os,
/// um, em, você). Not words two of them share (de, que, para, por, no, la, le, del, con,
/// das, du, qui; fr mes is es mes, a month), but for pt o and da, which Spanish and Italian
/// write too (or; from) and without which two Portuguese probe requests name no language.
/// Their flag bits follow the others' in a `u16` (room for eleven).
const LANGUAGE_MARKS: [(&str, &str); 5] = [
    (
        "es",
        "el los las y unos mis sus tus yo eso esto estos sin muy hay donde pero también",
    ),
    (
        "pt",
        concat!(
            "o os um uma uns umas ao aos da em na pelo pela pelos pelas meu minha meus ",
            "minhas seu sua seus suas você não isso isto esse essa ele ela eles elas também pra",
        ),
    ),
    (
        "fr",
        "les des une et pour avec mon ce cette dans sur sous sans je nous vous au aux est pas",
    ),
    (
        "de",
        "der die den dem ein eine einen und im für mit von zu auf ist mein meine nicht ich",
    ),
    (
        "it",
        "gli della delle dei degli di per che mio mia questo questa nel nella",
    ),
];

/// Letters that, of the lexicon's Latin-script languages, only `LANGUAGE_MARKS[i]`'s writes.
const LANGUAGE_LETTERS: [&str; 4] = ["ñ", "ãõ", "œîûëï", "äöü"];

// What a listed word is, as bits of one flag word (see `flags`), so a word on several lists
// is looked up once.
/// On `WORDS`.
const STOPWORD: u16 = 1;
/// On `ENGLISH_FUNCTION_WORDS`.
const ENGLISH_FUNCTION: u16 = 2;
/// On `FUNCTION_WORDS`.
const OTHER_FUNCTION: u16 = 4;
/// On `ENGLISH_MARKS`.
const ENGLISH_MARK: u16 = 8;
/// On the list of `LANGUAGE_MARKS[i]`: bit `LANGUAGE_MARK << i`.
const LANGUAGE_MARK: u16 = 16;

/// The flags of a folded word (0 for a word on no list). Every query word is checked, several
/// times, so the lists are one map made on first use: one hash and one probe a check.
fn flags(folded: &str) -> u16 {
    static MAP: std::sync::OnceLock<crate::search::hash::FxMap<&'static str, u16>> =
        std::sync::OnceLock::new();
    let map = MAP.get_or_init(|| {
        let mut map = crate::search::hash::FxMap::default();
        let marks = (0..)
            .zip(LANGUAGE_MARKS)
            .map(|(i, (_, list))| (list, LANGUAGE_MARK << i));
        for (list, flag) in [
            (WORDS, STOPWORD),
            (ENGLISH_FUNCTION_WORDS, ENGLISH_FUNCTION),
            (FUNCTION_WORDS, OTHER_FUNCTION),
            (ENGLISH_MARKS, ENGLISH_MARK),
        ]
        .into_iter()
        .chain(marks)
        {
            for word in list.split_ascii_whitespace() {
                *map.entry(word).or_insert(0) |= flag;
            }
        }
        map
    });
    map.get(folded).copied().unwrap_or(0)
}

/// True when the folded word is a function word (see `ENGLISH_FUNCTION_WORDS` and
/// `FUNCTION_WORDS`): a stopword that no tool name keeps.
pub fn is_function_word(folded: &str) -> bool {
    flags(folded) & (ENGLISH_FUNCTION | OTHER_FUNCTION) != 0
}

/// True when the folded word is a function word of a language other than English.
pub fn is_other_function_word(folded: &str) -> bool {
    flags(folded) & OTHER_FUNCTION != 0
}

/// How a query's Latin words are read, by its function words (see [`reading`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reading {
    /// One of its words is an unambiguous English function word (`ENGLISH_MARKS`) and none is
    /// a function word of another language only (Russian в too). Such a query's words are not
    /// looked up as Spanish, Portuguese, German, French or Italian words, which English words
    /// unknown to a catalog often spell (touch: fr touche, key; sold: fr solde, balance; red:
    /// es red, network; Paris: pt parar).
    English,
    /// Neither marked: a word no tool has is looked up in the lexicon.
    Unmarked,
    /// A function word of another language only (le, der, de la; Russian в), other than
    /// Portuguese "com", which a web address gives an English query too (reddit.com): the
    /// query is in that language, whatever English words it has, and every word the lexicon
    /// translates is also read as its translation, even one that is an English catalog word
    /// too (fr retire is remove; es panel is a dashboard). With the lexicon language whose
    /// own function words (`LANGUAGE_MARKS`) it has, when it has none of another's: its
    /// words are read in that language first (pt apaga is erase, es apaga switch off).
    Foreign(Option<&'static str>),
}

impl Reading {
    /// The lexicon language this reading reads a request's words in first, if any.
    pub fn language(self) -> Option<&'static str> {
        match self {
            Reading::Foreign(tag) => tag,
            _ => None,
        }
    }
}

/// The [`Reading`] of a query's folded words (its CJK runs aside), in one pass.
pub fn reading<'a>(folded: impl Iterator<Item = &'a str>) -> Reading {
    let (mut english, mut other, mut foreign) = (false, false, false);
    // Bit i: a word of `LANGUAGE_MARKS[i]`'s list.
    let mut marked = 0;
    // Bit i: a letter only `LANGUAGE_MARKS[i]`'s language writes.
    let mut lettered = 0u16;
    for word in folded {
        for c in word.chars().filter(|c| !c.is_ascii()) {
            if let Some(i) = LANGUAGE_LETTERS.iter().position(|l| l.contains(c)) {
                lettered |= 1 << i;
            }
        }
        let f = flags(word);
        if f & (OTHER_FUNCTION | ENGLISH_FUNCTION) == OTHER_FUNCTION {
            other = true;
            foreign |= word != "com";
        }
        english |= f & ENGLISH_MARK != 0;
        marked |= f / LANGUAGE_MARK;
    }
    // The one language some word is of, if only one.
    let one = |bits: u16| {
        (bits.count_ones() == 1)
            .then(|| LANGUAGE_MARKS.get(bits.trailing_zeros() as usize))
            .flatten()
            .map(|(tag, _)| *tag)
    };
    if english && !other {
        Reading::English
    } else if foreign {
        Reading::Foreign(one(marked).or_else(|| one(lettered)))
    } else if let Some(tag) = one(lettered) {
        // No function word at all (a title, a list item: "Abfrage verfügbarer Rufnummern"),
        // but letters of one language.
        Reading::Foreign(Some(tag))
    } else {
        Reading::Unmarked
    }
}

/// True when the folded word is a stopword.
pub fn is_stopword(folded: &str) -> bool {
    flags(folded) & (STOPWORD | ENGLISH_FUNCTION | OTHER_FUNCTION) != 0
}

/// True for a query word that counts only where it is some tool's name word, and then at a
/// lower weight (see `search::best`): a stopword, or a lone Latin letter (the g of "e.g.",
/// the pieces of a pasted id: arj7oStGLkU is arj7o, st, g, lk, u). Such words do not use up a
/// query's word bound either.
pub fn is_weak(folded: &str, script: super::Script) -> bool {
    let mut chars = folded.chars();
    let letter = script == super::Script::Latin
        && chars.next().is_some_and(char::is_alphabetic)
        && chars.next().is_none();
    letter || is_stopword(folded)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_reads_as_another_language_by_its_function_words() {
        let foreign = |q: &str| matches!(reading(q.split(' ')), Reading::Foreign(_));
        assert!(foreign("retire le membre du groupe"));
        assert!(foreign("lies die datei"));
        assert!(foreign("удали файл в папке"));
        assert!(!foreign("find the file"));
        assert!(!foreign("retire device 42"));
        // com is Portuguese "with", and also what a web address gives an English query.
        assert!(!foreign("what did the thread on reddit com say"));
        assert!(foreign("salva com o nome novo"));
    }

    #[test]
    fn a_foreign_query_names_the_one_language_whose_own_function_words_it_has() {
        let language = |q: &str| reading(q.split(' ')).language();
        assert_eq!(language("apaga um comentário do documento"), Some("pt"));
        assert_eq!(language("apaga el vps y el disco"), Some("es"));
        assert_eq!(language("lösche die datei"), Some("de"));
        assert_eq!(language("supprime les fichiers du dossier"), Some("fr"));
        // Marks of two languages (pt o, es el), or none of any (la, de are shared).
        assert_eq!(language("o sea borra el disco"), None);
        assert_eq!(language("la lista de archivos"), None);
        assert_eq!(
            reading("la lista de archivos".split(' ')),
            Reading::Foreign(None)
        );
        assert_eq!(language("delete the file"), None);
    }

    #[test]
    fn a_query_without_function_words_is_read_by_letters_one_language_writes() {
        let read = |q: &str| reading(q.split(' '));
        assert_eq!(
            read("abfrage verfügbarer rufnummern"),
            Reading::Foreign(Some("de"))
        );
        assert_eq!(
            read("configuración de españa"),
            Reading::Foreign(Some("es"))
        );
        // A function word's language comes first; letters of two languages name none.
        assert_eq!(read("les comptes de müller"), Reading::Foreign(Some("fr")));
        assert_eq!(read("müller españa"), Reading::Unmarked);
        // Letters several languages write (é, ç) name none; an English query stays English.
        assert_eq!(read("création dossier"), Reading::Unmarked);
        assert_eq!(read("email the report to jürgen"), Reading::English);
    }

    #[test]
    fn todo_means_all_only_in_a_spanish_or_portuguese_query() {
        let drop = |q: &str| {
            let mut words: Vec<&str> = q.split(' ').collect();
            drop_iberian_all(&mut words, |w| w);
            words.join(" ")
        };
        assert_eq!(drop("lee todo el grafo"), "lee el grafo");
        assert_eq!(
            drop("mostre todas as tarefas da equipe"),
            "mostre as tarefas da equipe"
        );
        assert_eq!(drop("list my todos"), "list my todos");
        assert_eq!(
            drop("what do i have todo on monday com"),
            "what do i have todo on monday com"
        );
    }

    #[test]
    fn a_query_reads_as_english_by_its_function_words() {
        let english = |q: &str| reading(q.split(' ')) == Reading::English;
        assert!(english("touch the screen") && english("what was sold"));
        // No unambiguous English word (me, in, a are Spanish, German, Italian words too).
        assert!(!english("help me find a flat in paris") && !english("listar archivos"));
        // A function word of another language only.
        assert!(!english("appuie sur une touche") && !english("la lista of files"));
        assert!(!english("create the issue в github"));
    }

    #[test]
    fn function_words_are_stopwords_and_tool_words_are_not() {
        assert!(is_stopword("the") && is_stopword("в") && is_stopword("für"));
        // меня (me) stems like меню (menu): a pronoun is a function word, never read.
        assert!(is_function_word("меня") && is_function_word("тебе"));
        assert!(!is_stopword("create") && !is_stopword("get") && !is_stopword("issue"));
    }

    #[test]
    fn function_words_the_ear_or_a_prefix_read_as_tool_words_are_stopwords() {
        // Each was read as a tool word: ru быть as byte, просто as post, ничего as nich, дай
        // as day, включая (including) as enable; pt pra as practice, tem as template, ser as
        // service, mim as mime, dele as delete, hoje (today) as hoja (sheet); de als as al,
        // sich as security, seit as Seite (page), gib as GiB, sag; es dime as dimension; fr
        // quelles as Quelle (source).
        for word in [
            "быть",
            "включая",
            "просто",
            "ничего",
            "дай",
            "pra",
            "tem",
            "ser",
            "mim",
            "dele",
            "als",
            "sich",
            "seit",
            "gib",
            "sag",
            "dime",
            "hoje",
            "quelles",
        ] {
            assert!(is_stopword(word), "{word}");
        }
        // быть, включая, просто, ничего, the Portuguese words and als are function words (never read,
        // even where a tool's name holds them); give and tell (дай, gib, sag, dime) are
        // request phrasing.
        assert!(is_function_word("просто") && is_function_word("pra") && is_function_word("als"));
        assert!(!is_function_word("gib") && !is_function_word("dime"));
    }
}
