extension Nationality {
    /// Continental European nationalities: Latin names, most with diacritics.
    static let european: [Nationality] = [
        Nationality(
            "FR", "France",
            male: "Lucas, Hugo, Théo, Mathéo, Noé, Gabriel, Raphaël, Arthur, Maël, Clément, Jérôme, Loïc",
            female: "Léa, Chloé, Manon, Inès, Camille, Océane, Zoé, Éloïse, Anaïs, Maëlys, Hélène, Bérénice",
            last: "Martin, Bernard, Dubois, Lefèvre, Mercier, Girard, Bonnet, Fontaine, Rousseau, Fabre, Garnier, Brûlé",
            cities: "Paris, Lyon, Marseille, Nantes, Toulouse, Rennes, Besançon, Nîmes, Orléans, Saint-Étienne",
            states: "Gironde, Isère, Finistère, Hérault, Rhône, Ain, Drôme, Vendée, Corrèze, Ariège",
            streets: "Rue de l'Église, Rue du Bât-d'Argent, Place du Château, Avenue Jean-Jaurès, Rue Saint-Georges, Boulevard de la Liberté",
            phone: "0#-##-##-##-##", cell: "06-##-##-##-##",
            postcode: "N####", numericPostcode: true, id: "INSEE", idPattern: "N############ ##"
        ),
        Nationality(
            "DE", "Germany",
            male: "Lukas, Jonas, Maximilian, Jürgen, Björn, Uwe, Günter, Tobias, Moritz, Felix, Jörg, Dieter",
            female: "Lena, Anna, Sophie, Jana, Käthe, Brigitte, Hannelore, Marie, Ursula, Jasmin, Jördis, Gudrun",
            last: "Müller, Schmidt, Schneider, Fischer, Weiß, Schäfer, Köhler, Krüger, Hoffmann, Bäcker, Schröder, Wagner",
            cities: "München, Köln, Düsseldorf, Nürnberg, Lübeck, Göttingen, Würzburg, Jena, Gießen, Osnabrück",
            states: "Bayern, Nordrhein-Westfalen, Baden-Württemberg, Thüringen, Sachsen, Schleswig-Holstein, Niedersachsen, Hessen",
            streets: "Schulstraße, Gartenstraße, Bahnhofstraße, Mühlenweg, Lindenstraße, Kirchplatz, Birkenweg, Rosenstraße",
            phone: "0###-#######", cell: "01##-#######",
            postcode: "N####", numericPostcode: true, id: "SVNR", idPattern: "## ###### A ###"
        ),
        Nationality(
            "NL", "Netherlands",
            male: "Daan, Sem, Bram, Thijs, Joris, Sven, Jeroen, Bas, Ruben, Maarten, Gijs, Stijn",
            female: "Sanne, Femke, Lotte, Anouk, Fenna, Noor, Eline, Lieke, Marloes, Ilse, Roos, Janneke",
            last: "de Jong, Jansen, de Vries, van den Berg, van Dijk, Bakker, Visser, Smit, Meijer, de Boer, Mulder, de Groot",
            cities: "Amsterdam, Utrecht, Groningen, Zwolle, Haarlem, Leeuwarden, Maastricht, Delft, Tilburg, Enschede",
            states: "Noord-Holland, Utrecht, Groningen, Overijssel, Friesland, Limburg, Zuid-Holland, Gelderland",
            streets: "Kerkstraat, Dorpsstraat, Molenweg, Stationsweg, Schoolstraat, Julianastraat, Kastanjelaan",
            phone: "(0##) #######", cell: "(06) ########",
            postcode: "N### AA", numericPostcode: false, id: "BSN", idPattern: "N#######"
        ),
        Nationality(
            "CH", "Switzerland",
            male: "Noah, Luca, Leon, Elias, Gian, Nicolas, Loïc, Matteo, Reto, Urs, Jérémie, Beat",
            female: "Mia, Lara, Laura, Chiara, Nina, Aline, Mélanie, Corinne, Séverine, Anja, Zoé, Rahel",
            last: "Müller, Meier, Schmid, Keller, Weber, Huber, Brunner, Fontana, Rochat, Bonvin, Favre, Zürcher",
            cities: "Zürich, Genève, Basel, Lausanne, Bern, Luzern, Lugano, Sion, Fribourg, St. Gallen",
            states: "Zürich, Genève, Basel-Stadt, Vaud, Bern, Luzern, Ticino, Valais, Graubünden",
            streets: "Rue de la Gare, Bahnhofstrasse, Route de Lausanne, Via Nassa, Chemin des Vignes, Dorfstrasse",
            phone: "0## ### ## ##", cell: "07# ### ## ##",
            postcode: "N###", numericPostcode: true, id: "AVS", idPattern: "756.####.####.##"
        ),
        Nationality(
            "ES", "Spain",
            male: "Alejandro, Hugo, Álvaro, Martín, Sergio, Jesús, Rubén, Iván, Andrés, Joaquín, Íñigo, Ramón",
            female: "Lucía, Sofía, Martina, María, Paula, Inés, Ainhoa, Nuria, Rocío, Begoña, Ángela, Aitana",
            last: "García, Fernández, González, Rodríguez, López, Martínez, Sánchez, Pérez, Gómez, Muñoz, Jiménez, Ibáñez",
            cities: "Madrid, Sevilla, Málaga, Córdoba, Zaragoza, Bilbao, Valladolid, Alicante, Cádiz, Logroño",
            states: "Andalucía, Aragón, Castilla y León, Cataluña, Galicia, País Vasco, Comunidad Valenciana, Región de Murcia",
            streets: "Calle Mayor, Calle de Alcalá, Avenida de Andalucía, Paseo de Extremadura, Calle del Pez, Calle de la Luna",
            phone: "9##-###-###", cell: "6##-###-###",
            postcode: "N####", numericPostcode: true, id: "DNI", idPattern: "########-A"
        ),
        Nationality(
            "NO", "Norway",
            male: "Håkon, Øyvind, Bjørn, Sindre, Eirik, Magnus, Jørgen, Sverre, Ståle, Torbjørn, Aksel, Vebjørn",
            female: "Ingrid, Åse, Solveig, Sigrid, Tuva, Ragnhild, Synnøve, Kari, Marte, Astrid, Bodil, Mathea",
            last: "Hansen, Johansen, Olsen, Larsen, Andersen, Pedersen, Nilsen, Kristiansen, Jensen, Karlsen, Bakke, Sæther",
            cities: "Oslo, Bergen, Trondheim, Stavanger, Tromsø, Ålesund, Bodø, Drammen, Lillehammer, Kristiansand",
            states: "Viken, Vestland, Trøndelag, Rogaland, Nordland, Innlandet, Agder, Troms og Finnmark",
            streets: "Storgata, Kirkeveien, Skogveien, Fjordgata, Åsveien, Bjørkelia, Granveien, Sjøgata",
            phone: "N#######", cell: "9#######",
            postcode: "N###", numericPostcode: true, id: "FN", idPattern: "###########"
        ),
        Nationality(
            "DK", "Denmark",
            male: "Mads, Frederik, Søren, Rasmus, Anders, Mikkel, Jesper, Kasper, Nikolaj, Thor, Asger, Bjørn",
            female: "Freja, Ida, Mathilde, Signe, Sofie, Nanna, Maja, Laura, Line, Mette, Ellen, Bodil",
            last: "Jensen, Nielsen, Hansen, Pedersen, Andersen, Christensen, Larsen, Sørensen, Rasmussen, Jørgensen, Poulsen, Madsen",
            cities: "København, Aarhus, Odense, Aalborg, Esbjerg, Randers, Kolding, Horsens, Vejle, Roskilde",
            states: "Hovedstaden, Midtjylland, Syddanmark, Nordjylland, Sjælland",
            streets: "Nørregade, Vestergade, Skovvej, Kirkevej, Østerbrogade, Strandvejen, Engvej, Søndergade",
            phone: "N#######", cell: "N#######",
            postcode: "N###", numericPostcode: true, id: "CPR", idPattern: "######-####"
        ),
        Nationality(
            "FI", "Finland",
            male: "Eetu, Väinö, Onni, Juho, Aleksi, Mikko, Jussi, Tuomas, Ville, Lauri, Ilmari, Pekka",
            female: "Aino, Helmi, Siiri, Pihla, Iida, Ella, Venla, Sanni, Jenna, Kaisa, Elsa, Tyyne",
            last: "Korhonen, Virtanen, Mäkinen, Nieminen, Mäkelä, Hämäläinen, Laine, Heikkinen, Koskinen, Järvinen, Lehtonen, Salo",
            cities: "Helsinki, Espoo, Tampere, Turku, Oulu, Jyväskylä, Lahti, Kuopio, Pori, Seinäjoki",
            states: "Uusimaa, Pirkanmaa, Varsinais-Suomi, Pohjois-Pohjanmaa, Keski-Suomi, Päijät-Häme, Pohjois-Savo",
            streets: "Mannerheimintie, Hämeenkatu, Aleksanterinkatu, Pispalantie, Rautatienkatu, Satakunnankatu",
            phone: "0#-###-###", cell: "04#-###-##-##",
            postcode: "N####", numericPostcode: true, id: "HETU", idPattern: "######-###A"
        ),
    ]
}
