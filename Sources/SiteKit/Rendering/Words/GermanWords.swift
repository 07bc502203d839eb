/// The default theme's words in German (`language: de`, `de-AT`, `de-CH`…). Numbers are grouped
/// with a full stop: 1.200.
enum GermanWords {
    static let table: [Phrase: PhraseForms] = [
        .skipToContent: "Zum Inhalt springen",
        .siteMenu: "Hauptnavigation",
        .home: "Startseite",
        .authors: "Autoren",
        .report: "Bericht",
        .demoData: "Demodaten",
        .demoNotice: "Diese Website wurde aus der eingebauten Demo-API erstellt, nicht aus randomuser.me und JSONPlaceholder: Alle Personen und Beiträge darauf sind erfunden. Erstellen Sie sie online mit --live, um die echten APIs zu nutzen.",
        .builtFrom: "Erstellt mit site aus {source}.",
        .peopleFromSeed: "Personen aus dem Seed",
        .demoAPI: "der eingebauten Demo-API",
        .and: "und",
        .comma: ", ",
        .breadcrumb: "Brotkrümelnavigation",
        .previous: "Zurück",
        .next: "Weiter",
        .previousItem: "Zurück: {name}",
        .nextItem: "Weiter: {name}",

        .pageOf: "Seite {current} von {total}",
        .pages: "Seiten",
        .pageNumber: "Seite {number}",
        .searchPeople: "Personen suchen",
        .searchHint: "Name, E-Mail oder Land",
        .searchLoading: "Die Liste aller Personen wird geladen …",
        .searchUnavailable: "Die Suche ist gerade nicht verfügbar; die Seiten unten listen alle Personen.",
        .searchFound: .counted(one: "{count} Person gefunden", other: "{count} Personen gefunden"),
        .searchFirst: "{found}, die ersten {count} werden angezeigt",
        .noPeople: "Keine Personen: Der Build hat keine abgerufen.",
        .noPosts: "Keine Beiträge: Der Build hat keine abgerufen.",
        .by: "von",
        .unknownAuthor: "einer unbekannten Person",

        .peopleCount: .counted(one: "Person", other: "Personen"),
        .postsCount: .counted(one: "Beitrag", other: "Beiträge"),
        .authorsCount: .counted(one: "Autor", other: "Autoren"),
        .commentsCount: .counted(one: "Kommentar", other: "Kommentare"),
        .nationalitiesCount: .counted(one: "Nationalität", other: "Nationalitäten"),

        .email: "E-Mail",
        .phone: "Telefon",
        .mobile: "Mobil",
        .address: "Adresse",
        .country: "Land",
        .nationality: "Nationalität",
        .age: "Alter",
        .ageBorn: "{age} (geboren am {date})",
        .born: "Geboren",
        .registered: "Registriert",
        .registeredAgo: "{date}, {ago}",
        .yearsAgo: .counted(one: "vor {count} Jahr", other: "vor {count} Jahren"),
        .lessThanAYearAgo: "vor weniger als einem Jahr",
        .username: "Benutzername",
        .website: "Website",
        .city: "Stadt",
        .company: "Firma",
        .motto: "Motto",
        .authorDescription: .counted(one: "{name}: {count} Beitrag", other: "{name}: {count} Beiträge"),
        .authorsDescription: "Alle, die einen Beitrag geschrieben haben.",
        .noComments: "Noch keine Kommentare.",
        .noPostsYet: "Noch keine Beiträge.",

        .reportDescription: "Die Personen und Beiträge in Zahlen.",
        .people: "Personen",
        .posts: "Beiträge",
        .chartCountries: "Personen nach Land",
        .chartGenders: "Personen nach Geschlecht",
        .chartAges: "Alter",
        .chartRegistered: "Personen nach Registrierungsjahr",
        .chartPostsPerAuthor: "Beiträge pro Autor",
        .chartCommentsPerPost: "Kommentare pro Beitrag",
        .gender: "Geschlecht",
        .year: "Jahr",
        .author: "Autor",
        .commentsOnAPost: "Anzahl Kommentare",
        .otherCountries: "Sonstige ({count} Länder)",
        .notGiven: "Keine Angabe",
        .unknownAuthorLabel: "Unbekannt",
        .male: "Männlich",
        .female: "Weiblich",
        .unknownGender: "Unbekannt",
        .total: "Summe",
        .numbersBehindChart: "Die Zahlen zu diesem Diagramm",
        .noData: "Keine Daten",
        .barChart: "Balkendiagramm",
        .columnChart: "Säulendiagramm",
        .chartEntry: "{label}: {value}",
        .summaryOpening: "{kind}: {title}.",
        .summaryCategories: .counted(one: "{count} Kategorie, Summe {total}.", other: "{count} Kategorien, Summe {total}."),
        .summaryGrouped: "Der letzte Balken, {label}, fasst die {count} kleinsten zusammen.",
        .summaryEach: "Alle haben den Wert {value}.",
        .summaryLargest: "Größter Wert: {entry}.",
        .summarySmallest: "Kleinster Wert: {entry}.",
        .summaryShared: .counted(one: "{value} (bei {count} Kategorie)", other: "{value} (bei {count} Kategorien)"),
        .summaryBins: .counted(one: "{count} Klasse ({first}), Summe {total}.", other: "{count} Klassen von {first} bis {last}, Summe {total}."),
        .summaryMostCommon: "Am häufigsten: {entry}.",
        .summaryTable: "Die Tabelle zu diesem Diagramm enthält alle Werte.",

        .homeDescription: "Eine kleine statische Website aus zwei öffentlichen Demo-APIs.",
        .homeIntro: """
            Willkommen! Diese Website wurde aus zwei öffentlichen Demo-APIs erstellt: einem Verzeichnis \
            von „Personen“ mit Porträts und einer Sammlung kurzer Beiträge mit ihren Kommentaren.

            Wählen Sie einen Bereich, um loszulegen. Um diesen Text zu ändern, legen Sie `content/index.md` an.
            """,
        .peopleDescription: "Alle Personen des Verzeichnisses, mit Porträt und Kontaktdaten.",
        .peopleIntro: """
            Diese Personen gibt es nicht: Jeder Name, jede Adresse und jedes Porträt stammt aus einer Demo-API, \
            die Beispielnutzer erfindet.

            Um diesen Text zu ändern, legen Sie `content/users.md` an.
            """,
        .postsDescription: "Alle Beiträge mit Autor und Kommentaren.",
        .postsIntro: """
            Kurze Beiträge in Platzhalter-Latein, jeder mit den Kommentaren, die Leser dazu geschrieben haben.

            Um diesen Text zu ändern, legen Sie `content/posts.md` an.
            """,
        .pageNotFound: "Seite nicht gefunden",
        .notFoundIntro: "Unter dieser Adresse gibt es keine Seite. Vielleicht wurde sie beim Neuerstellen der Website verschoben.",

        .feedTitle: "{site}: {posts}",
        .feedTitleDemo: "{title} (Demodaten)",

        .thousandsSeparator: ".",
    ]
}
