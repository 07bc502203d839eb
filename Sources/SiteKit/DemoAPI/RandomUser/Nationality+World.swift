extension Nationality {
    /// The rest of the world: Turkish and Latin American names with diacritics, Indian names,
    /// Persian (right-to-left) and Cyrillic (Ukrainian, Serbian) scripts.
    static let world: [Nationality] = [
        Nationality(
            "TR", "Turkey",
            male: "Mehmet, Mustafa, Ahmet, Ali, Hüseyin, İbrahim, Çağan, Emre, Oğuz, Şahin, Tolga, Kerem",
            female: "Ayşe, Fatma, Emine, Hatice, Zeynep, Elif, Özge, Şule, Gülsüm, Çiğdem, Sıla, Nazlı",
            last: "Yılmaz, Kaya, Demir, Şahin, Çelik, Yıldız, Öztürk, Aydın, Özdemir, Arslan, Doğan, Kılıç",
            cities: "İstanbul, Ankara, İzmir, Bursa, Antalya, Eskişehir, Kayseri, Gaziantep, Trabzon, Şanlıurfa",
            states: "İstanbul, Ankara, İzmir, Bursa, Antalya, Eskişehir, Kayseri, Gaziantep, Trabzon, Muğla",
            streets: "Atatürk Sk, Bağdat Cd, İstiklal Cd, Abanoz Sk, Maçka Cd, Necatibey Cd, Fatih Sk",
            phone: "(###)-###-####", cell: "(5##)-###-####",
            postcode: "N####", numericPostcode: true, id: "", idPattern: nil
        ),
        Nationality(
            "MX", "Mexico",
            male: "Santiago, Mateo, Sebastián, Leonardo, Emiliano, Diego, Iker, Rodrigo, Héctor, Jorge, Ulises, Efraín",
            female: "Ximena, Valentina, Regina, Camila, Guadalupe, Renata, Itzel, Mariana, Fernanda, Andrea, Yaretzi, Lupita",
            last: "Hernández, García, Martínez, López, González, Pérez, Rodríguez, Sánchez, Ramírez, Cruz, Flores, Gómez",
            cities: "Guadalajara, Monterrey, Puebla, Tijuana, León, Mérida, Oaxaca, Querétaro, Morelia, Toluca",
            states: "Jalisco, Nuevo León, Puebla, Baja California, Guanajuato, Yucatán, Oaxaca, Michoacán",
            streets: "Calle Juárez, Avenida Hidalgo, Calle Morelos, Cerrada Zaragoza, Privada Reforma, Avenida Insurgentes",
            phone: "(6##) ### ####", cell: "(6##) ### ####",
            postcode: "N####", numericPostcode: true, id: "NSS", idPattern: "## ## ## #### #"
        ),
        Nationality(
            "BR", "Brazil",
            male: "João, Pedro, Lucas, Gustavo, Luiz, Thiago, Vinícius, Caio, Otávio, Cauã, Sérgio, Marcelo",
            female: "Ana, Júlia, Beatriz, Letícia, Luíza, Lorena, Lívia, Débora, Francisca, Gabriela, Tainá, Conceição",
            last: "Silva, Santos, Oliveira, Souza, Rodrigues, Ferreira, Alves, Pereira, Lima, Gomes, Araújo, Assunção",
            cities: "São Paulo, Rio de Janeiro, Belo Horizonte, Salvador, Fortaleza, Curitiba, Recife, Manaus, Belém, Goiânia",
            states: "São Paulo, Rio de Janeiro, Minas Gerais, Bahia, Ceará, Paraná, Pernambuco, Amazonas, Pará, Goiás",
            streets: "Rua São Jorge, Rua Santa Luzia, Rua Quatro, Avenida Brasil, Rua Principal, Rua Dom Pedro II",
            phone: "(##) ####-####", cell: "(##) 9####-####",
            postcode: "#####-###", numericPostcode: false, id: "CPF", idPattern: "###.###.###-##"
        ),
        Nationality(
            "IN", "India",
            male: "Aarav, Vihaan, Arjun, Sai, Reyansh, Ayaan, Krishna, Ishaan, Rohan, Kabir, Pranav, Siddharth",
            female: "Aadhya, Ananya, Diya, Saanvi, Pari, Myra, Anika, Ira, Kavya, Meera, Nandini, Tanvi",
            last: "Sharma, Patel, Reddy, Nair, Iyer, Gupta, Singh, Kumar, Das, Menon, Chopra, Joshi",
            cities: "Mumbai, Pune, Jaipur, Lucknow, Kochi, Indore, Nagpur, Bhopal, Mysuru, Surat",
            states: "Maharashtra, Rajasthan, Uttar Pradesh, Kerala, Madhya Pradesh, Karnataka, Gujarat, Tamil Nadu",
            streets: "MG Road, Station Road, Nehru Nagar, Gandhi Marg, Temple Street, Lake View Road",
            phone: "N#########", cell: "9#########",
            postcode: "N#####", numericPostcode: true, id: "UIDAI", idPattern: "N###########"
        ),
        Nationality(
            "IR", "Iran",
            male: """
                سینا:sina, امیر:amir, علی:ali, محمد:mohammad, رضا:reza, حسین:hossein, پارسا:parsa, آرش:arash, \
                کیان:kian, مهدی:mahdi, بردیا:bardia, نیما:nima
                """,
            female: """
                نازنین:nazanin, ریحانه:reyhaneh, فاطمه:fatemeh, زهرا:zahra, مریم:maryam, پریا:pariya, \
                نیلوفر:niloofar, سارا:sara, هستی:hasti, یاسمن:yasaman, آیدا:aida, مهسا:mahsa
                """,
            last: """
                احمدی:ahmadi, محمدی:mohammadi, رضایی:rezaei, کریمی:karimi, موسوی:mousavi, حسینی:hosseini, \
                جعفری:jafari, صادقی:sadeghi, رحیمی:rahimi, کاظمی:kazemi, نوری:nouri, یزدانی:yazdani
                """,
            cities: "تهران, مشهد, اصفهان, شیراز, تبریز, قم, کرج, اهواز, رشت, یزد",
            states: "تهران, خراسان رضوی, اصفهان, فارس, آذربایجان شرقی, قم, البرز, خوزستان, گیلان, یزد",
            streets: "میدان انقلاب, آزادی, شهید بهشتی, کارگر شمالی, ولیعصر, پارک لاله",
            phone: "0##-########", cell: "09##-###-####",
            postcode: "N####", numericPostcode: true, id: "", idPattern: nil
        ),
        Nationality(
            "UA", "Ukraine",
            male: "Ярема, Богдан, Остап, Тарас, Андрій, Олег, Дмитро, Назар, Святослав, Мирослав, Юрій, Василь",
            female: "Оксана, Соломія, Мирослава, Ярина, Христина, Олена, Галина, Зоряна, Леся, Дарина, Ївга, Марія",
            last: "Гнатишин, Шевченко, Коваленко, Бондаренко, Ткаченко, Кравчук, Мельник, Савчук, Левченко, Мороз, Поліщук, Лисенко",
            cities: "Київ, Львів, Одеса, Харків, Рені, Житомир, Чернігів, Полтава, Ужгород, Вінниця",
            states: "Київська, Львівська, Одеська, Харківська, Житомирська, Чернігівська, Полтавська, Закарпатська, Вінницька",
            streets: "Шевченка, Грушевського, Хрещатик, Франка, Замкова, Садова, Лесі Українки",
            phone: "(0##) ###-##-##", cell: "(09#) ###-##-##",
            postcode: "N####", numericPostcode: true, id: "", idPattern: nil
        ),
        Nationality(
            "RS", "Serbia",
            male: "Божидар, Милош, Никола, Стефан, Лазар, Душан, Вук, Огњен, Марко, Ђорђе, Бранко, Зоран",
            female: "Милица, Јована, Ана, Тијана, Невена, Драгана, Катарина, Јелена, Сања, Љиљана, Мина, Теодора",
            last: "Јанковић, Петровић, Николић, Марковић, Ђорђевић, Стојановић, Илић, Станковић, Павловић, Милошевић, Јовановић, Ђурић",
            cities: "Београд, Нови Сад, Ниш, Крагујевац, Суботица, Зрењанин, Панчево, Чачак, Краљево, Ваљево",
            states: "Браничевски, Јужнобачки, Нишавски, Шумадијски, Севернобачки, Средњебанатски, Моравички, Рашки, Колубарски",
            streets: "Кнеза Михаила, Немањина, Булевар ослобођења, Вука Караџића, Цара Душана, Јована Цвијића",
            phone: "0##-####-###", cell: "06#-####-###",
            postcode: "N####", numericPostcode: true, id: "SID", idPattern: "#########"
        ),
    ]
}
