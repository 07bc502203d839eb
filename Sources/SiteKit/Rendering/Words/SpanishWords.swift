/// The default theme's words in Spanish (`language: es`, `es-MX`…). Numbers are grouped with a
/// full stop: 1.200.
enum SpanishWords {
    static let table: [Phrase: PhraseForms] = [
        .skipToContent: "Saltar al contenido",
        .siteMenu: "Menú principal",
        .home: "Inicio",
        .authors: "Autores",
        .report: "Informe",
        .demoData: "Datos de demostración",
        .demoNotice: "Este sitio se generó con la API de demostración integrada, no con randomuser.me ni con JSONPlaceholder: todas las personas y publicaciones son inventadas. Genérelo en línea con --live para usar las API reales.",
        .builtFrom: "Generado con site a partir de {source}.",
        .peopleFromSeed: "Personas de la semilla",
        .demoAPI: "la API de demostración integrada",
        .and: "y",
        .comma: ", ",
        .breadcrumb: "Ruta de navegación",
        .previous: "Anterior",
        .next: "Siguiente",
        .previousItem: "Anterior: {name}",
        .nextItem: "Siguiente: {name}",

        .pageOf: "página {current} de {total}",
        .pages: "Páginas",
        .pageNumber: "Página {number}",
        .searchPeople: "Buscar personas",
        .searchHint: "Nombre, correo o país",
        .searchLoading: "Cargando la lista completa…",
        .searchUnavailable: "La búsqueda no está disponible ahora; las páginas de abajo muestran a todas las personas.",
        .searchFound: PhraseForms(other: "{count} personas encontradas", forms: [.one: "{count} persona encontrada", .many: "{count} de personas encontradas"]),
        .searchFirst: "{found}, se muestran las {count} primeras",
        .noPeople: "No hay personas: la compilación no obtuvo ninguna.",
        .noPosts: "No hay publicaciones: la compilación no obtuvo ninguna.",
        .by: "por",
        .unknownAuthor: "un autor desconocido",

        .peopleCount: PhraseForms(other: "personas", forms: [.one: "persona", .many: "de personas"]),
        .postsCount: PhraseForms(other: "publicaciones", forms: [.one: "publicación", .many: "de publicaciones"]),
        .authorsCount: PhraseForms(other: "autores", forms: [.one: "autor", .many: "de autores"]),
        .commentsCount: PhraseForms(other: "comentarios", forms: [.one: "comentario", .many: "de comentarios"]),
        .nationalitiesCount: PhraseForms(other: "nacionalidades", forms: [.one: "nacionalidad", .many: "de nacionalidades"]),

        .email: "Correo",
        .phone: "Teléfono",
        .mobile: "Móvil",
        .address: "Dirección",
        .country: "País",
        .nationality: "Nacionalidad",
        .age: "Edad",
        .ageBorn: "{age} años (fecha de nacimiento: {date})",
        .born: "Nacimiento",
        .registered: "Registro",
        .registeredAgo: "{date}, {ago}",
        .yearsAgo: .counted(one: "hace {count} año", other: "hace {count} años"),
        .lessThanAYearAgo: "hace menos de un año",
        .username: "Usuario",
        .website: "Sitio web",
        .city: "Ciudad",
        .company: "Empresa",
        .motto: "Lema",
        .authorDescription: .counted(one: "{name}: {count} publicación", other: "{name}: {count} publicaciones"),
        .authorsDescription: "Todas las personas que han escrito alguna publicación.",
        .noComments: "Todavía no hay comentarios.",
        .noPostsYet: "Todavía no hay publicaciones.",

        .reportDescription: "Las personas y las publicaciones en cifras.",
        .people: "Personas",
        .posts: "Publicaciones",
        .chartCountries: "Personas por país",
        .chartGenders: "Personas por género",
        .chartAges: "Edades",
        .chartRegistered: "Personas por año de registro",
        .chartPostsPerAuthor: "Publicaciones por autor",
        .chartCommentsPerPost: "Comentarios por publicación",
        .gender: "Género",
        .year: "Año",
        .author: "Autor",
        .commentsOnAPost: "Número de comentarios",
        .otherCountries: "Otros ({count} países)",
        .notGiven: "Sin indicar",
        .unknownAuthorLabel: "Autor desconocido",
        .male: "Hombre",
        .female: "Mujer",
        .unknownGender: "Desconocido",
        .total: "Total",
        .numbersBehindChart: "Las cifras de este gráfico",
        .noData: "Sin datos",
        .barChart: "Gráfico de barras",
        .columnChart: "Gráfico de columnas",
        .chartEntry: "{label}: {value}",
        .summaryOpening: "{kind}: {title}.",
        .summaryCategories: .counted(one: "{count} categoría, total {total}.", other: "{count} categorías, total {total}."),
        .summaryGrouped: "La última barra, {label}, suma las {count} más pequeñas.",
        .summaryEach: "Cada una tiene {value}.",
        .summaryLargest: "La mayor: {entry}.",
        .summarySmallest: "La menor: {entry}.",
        .summaryShared: .counted(one: "{value} (en {count} categoría)", other: "{value} (en {count} categorías)"),
        .summaryBins: .counted(one: "{count} intervalo ({first}), total {total}.", other: "{count} intervalos de {first} a {last}, total {total}."),
        .summaryMostCommon: "El más frecuente: {entry}.",
        .summaryTable: "La tabla de este gráfico muestra todos los valores.",

        .homeDescription: "Un pequeño sitio estático construido con dos API públicas de demostración.",
        .homeIntro: """
            ¡Le damos la bienvenida! Este sitio se generó con dos API públicas de demostración: un directorio de \
            «personas» con retratos y una colección de publicaciones breves con sus comentarios.

            Elija una sección para empezar. Para cambiar este texto, cree `content/index.md`.
            """,
        .peopleDescription: "Todo el directorio, con retratos y datos de contacto.",
        .peopleIntro: """
            Estas personas no existen: cada nombre, dirección y retrato viene de una API de demostración \
            que inventa usuarios de ejemplo.

            Para cambiar este texto, cree `content/users.md`.
            """,
        .postsDescription: "Todas las publicaciones, con su autor y sus comentarios.",
        .postsIntro: """
            Publicaciones breves en latín de relleno, cada una con los comentarios que dejaron los lectores.

            Para cambiar este texto, cree `content/posts.md`.
            """,
        .pageNotFound: "Página no encontrada",
        .notFoundIntro: "No hay ninguna página en esta dirección. Puede que se haya movido al reconstruir el sitio.",

        .feedTitle: "{site}: {posts}",
        .feedTitleDemo: "{title} (datos de demostración)",

        .thousandsSeparator: ".",
    ]
}
