/// The default theme's words in French (`language: fr`, `fr-CA`…). Numbers are grouped with a
/// narrow no-break space, as French typography wants: 1 200.
enum FrenchWords {
    static let table: [Phrase: PhraseForms] = [
        .skipToContent: "Aller au contenu",
        .siteMenu: "Menu principal",
        .home: "Accueil",
        .authors: "Auteurs",
        .report: "Rapport",
        .demoData: "Données de démonstration",
        .demoNotice: "Ce site a été généré à partir de l’API de démonstration intégrée, et non de randomuser.me ni de JSONPlaceholder\u{00A0}: toutes les personnes et tous les articles y sont inventés. Générez-le en ligne avec --live pour utiliser les vraies API.",
        .builtFrom: "Généré par site à partir de {source}.",
        .peopleFromSeed: "Personnes générées à partir de la graine",
        .demoAPI: "l’API de démonstration intégrée",
        .and: "et",
        .comma: ", ",
        .breadcrumb: "Fil d’Ariane",
        .previous: "Précédent",
        .next: "Suivant",
        .previousItem: "Précédent\u{00A0}: {name}",
        .nextItem: "Suivant\u{00A0}: {name}",

        .pageOf: "page {current} sur {total}",
        .pages: "Pages",
        .pageNumber: "Page {number}",
        .searchPeople: "Rechercher des personnes",
        .searchHint: "Nom, e-mail ou pays",
        .searchLoading: "Chargement de la liste complète…",
        .searchUnavailable: "La recherche n’est pas disponible pour le moment\u{202F}; les pages ci-dessous listent tout le monde.",
        .searchFound: PhraseForms(other: "{count} personnes trouvées", forms: [.one: "{count} personne trouvée", .many: "{count} de personnes trouvées"]),
        .searchFirst: "{found}, les {count} premières affichées",
        .noPeople: "Aucune personne à afficher\u{00A0}: la construction n’en a récupéré aucune.",
        .noPosts: "Aucun article à afficher\u{00A0}: la construction n’en a récupéré aucun.",
        .by: "par",
        .unknownAuthor: "un auteur inconnu",

        .peopleCount: PhraseForms(other: "personnes", forms: [.one: "personne", .many: "de personnes"]),
        .postsCount: PhraseForms(other: "articles", forms: [.one: "article", .many: "d’articles"]),
        .authorsCount: PhraseForms(other: "auteurs", forms: [.one: "auteur", .many: "d’auteurs"]),
        .commentsCount: PhraseForms(other: "commentaires", forms: [.one: "commentaire", .many: "de commentaires"]),
        .nationalitiesCount: PhraseForms(other: "nationalités", forms: [.one: "nationalité", .many: "de nationalités"]),

        .email: "E-mail",
        .phone: "Téléphone",
        .mobile: "Portable",
        .address: "Adresse",
        .country: "Pays",
        .nationality: "Nationalité",
        .age: "Âge",
        .ageBorn: "{age} ans (naissance\u{00A0}: {date})",
        .born: "Naissance",
        .registered: "Inscription",
        .registeredAgo: "{date}, {ago}",
        .yearsAgo: .counted(one: "il y a {count} an", other: "il y a {count} ans"),
        .lessThanAYearAgo: "il y a moins d’un an",
        .username: "Nom d’utilisateur",
        .website: "Site web",
        .city: "Ville",
        .company: "Entreprise",
        .motto: "Devise",
        .authorDescription: .counted(one: "{name}\u{00A0}: {count} article", other: "{name}\u{00A0}: {count} articles"),
        .authorsDescription: "Toutes les personnes qui ont écrit un article.",
        .noComments: "Pas encore de commentaire.",
        .noPostsYet: "Pas encore d’article.",

        .reportDescription: "Les personnes et les articles en chiffres.",
        .people: "Personnes",
        .posts: "Articles",
        .chartCountries: "Personnes par pays",
        .chartGenders: "Personnes par genre",
        .chartAges: "Âges",
        .chartRegistered: "Personnes par année d’inscription",
        .chartPostsPerAuthor: "Articles par auteur",
        .chartCommentsPerPost: "Commentaires par article",
        .gender: "Genre",
        .year: "Année",
        .author: "Auteur",
        .commentsOnAPost: "Nombre de commentaires",
        .otherCountries: .counted(one: "Autre ({count} pays)", other: "Autres ({count} pays)"),
        .notGiven: "Non renseigné",
        .unknownAuthorLabel: "Auteur inconnu",
        .male: "Homme",
        .female: "Femme",
        .unknownGender: "Inconnu",
        .total: "Total",
        .numbersBehindChart: "Les chiffres de ce graphique",
        .noData: "Aucune donnée",
        .barChart: "Graphique à barres",
        .columnChart: "Histogramme",
        .chartEntry: "{label}\u{00A0}: {value}",
        .summaryOpening: "{kind}\u{00A0}: {title}.",
        .summaryCategories: .counted(one: "{count} catégorie, total {total}.", other: "{count} catégories, total {total}."),
        .summaryGrouped: "La dernière barre, {label}, regroupe les {count} plus petites catégories.",
        .summaryEach: "Chacune vaut {value}.",
        .summaryLargest: "La plus grande\u{00A0}: {entry}.",
        .summarySmallest: "La plus petite\u{00A0}: {entry}.",
        .summaryShared: .counted(one: "{value} (à égalité pour {count} catégorie)", other: "{value} (à égalité pour {count} catégories)"),
        .summaryBins: .counted(one: "{count} classe ({first}), total {total}.", other: "{count} classes de {first} à {last}, total {total}."),
        .summaryMostCommon: "La plus fréquente\u{00A0}: {entry}.",
        .summaryTable: "Le tableau de ce graphique donne toutes les valeurs.",

        .homeDescription: "Un petit site statique construit à partir de deux API publiques de démonstration.",
        .homeIntro: """
            Bienvenue\u{202F}! Ce site a été généré à partir de deux API publiques de démonstration\u{00A0}: un annuaire \
            de «\u{00A0}personnes\u{00A0}» avec leur portrait, et une collection de courts articles avec leurs commentaires.

            Choisissez une rubrique pour commencer. Pour changer ce texte, créez `content/index.md`.
            """,
        .peopleDescription: "Tout l’annuaire, avec portraits et coordonnées.",
        .peopleIntro: """
            Ces personnes n’existent pas\u{00A0}: chaque nom, adresse et portrait vient d’une API de démonstration \
            qui invente des utilisateurs.

            Pour changer ce texte, créez `content/users.md`.
            """,
        .postsDescription: "Tous les articles, avec leur auteur et leurs commentaires.",
        .postsIntro: """
            De courts articles en faux latin, chacun avec les commentaires que les lecteurs y ont laissés.

            Pour changer ce texte, créez `content/posts.md`.
            """,
        .pageNotFound: "Page introuvable",
        .notFoundIntro: "Il n’y a pas de page à cette adresse. Elle a peut-être été déplacée lors de la reconstruction du site.",

        .feedTitle: "{site}\u{00A0}: {posts}",
        .feedTitleDemo: "{title} (données de démonstration)",

        .thousandsSeparator: "\u{202F}",
    ]
}
