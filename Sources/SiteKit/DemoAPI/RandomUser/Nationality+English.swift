extension Nationality {
    /// English-speaking nationalities: plain Latin names, except the Irish and Québécois ones.
    static let english: [Nationality] = [
        Nationality(
            "US", "United States",
            male: "James, Michael, Robert, David, William, Joseph, Charles, Thomas, Daniel, Brandon, Tyler, Dwayne",
            female: "Mary, Jennifer, Linda, Patricia, Elizabeth, Barbara, Jessica, Sarah, Karen, Nancy, Lorraine, Tracy",
            last: "Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Garcia, Wilson, Anderson, Taylor, Jackson",
            cities: "Billings, Fresno, Tulsa, Spokane, Savannah, Albuquerque, Boise, Lansing, Eugene, Fort Wayne",
            states: "Michigan, Oregon, Georgia, Texas, Ohio, Montana, Idaho, New Mexico, Indiana, Vermont",
            streets: "Valwood Pkwy, Mockingbird Hill, Pecan Acres Ln, W Sherman Dr, Hickory Creek Dr, Lakeshore Rd, Oak Lawn Ave",
            phone: "(###) ###-####", cell: "(###) ###-####",
            postcode: "N####", numericPostcode: true, id: "SSN", idPattern: "###-##-####"
        ),
        Nationality(
            "GB", "United Kingdom",
            male: "Oliver, Harry, George, Jack, Charlie, Alfie, Freddie, Archie, Toby, Callum, Rhys, Angus",
            female: "Olivia, Amelia, Isla, Ava, Emily, Poppy, Sophie, Ella, Freya, Harriet, Megan, Eilidh",
            last: "Evans, Thomas, Roberts, Walker, Wright, Hughes, Edwards, Green, Hall, Wood, Clarke, Harrison",
            cities: "Leeds, Bristol, Carlisle, Exeter, Lincoln, Stirling, Worcester, Preston, Bangor, Truro",
            states: "Lancashire, Devon, Cumbria, Tayside, Gwynedd, Somerset, Kent, Norfolk, Cornwall",
            streets: "High Street, Station Road, Church Lane, Mill Road, Victoria Street, Queensway, The Green, Park Avenue",
            phone: "0#### ######", cell: "07### ######",
            postcode: "AA# #AA", numericPostcode: false, id: "NINO", idPattern: "AA ## ## ## A"
        ),
        Nationality(
            "AU", "Australia",
            male: "Liam, Noah, Lachlan, Cooper, Riley, Mason, Hamish, Jayden, Bailey, Kyle, Darcy, Flynn",
            female: "Charlotte, Matilda, Chloe, Zoe, Ruby, Mia, Grace, Sienna, Kayla, Brooke, Tahlia, Georgia",
            last: "Nguyen, Kelly, Ryan, Murphy, Campbell, Stewart, Mitchell, Cook, Morris, Ward, Bennett, Hunt",
            cities: "Wollongong, Geelong, Cairns, Townsville, Ballarat, Bendigo, Darwin, Hobart, Toowoomba, Mackay",
            states: "New South Wales, Victoria, Queensland, Tasmania, South Australia, Western Australia, Northern Territory",
            streets: "Oxford Street, Pitt Street, Swanston Street, George Street, Bourke Street, Hunter Street, Elizabeth Street",
            phone: "0#-####-####", cell: "04##-###-###",
            postcode: "N###", numericPostcode: true, id: "TFN", idPattern: nil
        ),
        Nationality(
            "NZ", "New Zealand",
            male: "Nikau, Tane, Oliver, Lucas, Hunter, Kauri, Ethan, Blake, Finn, Rawiri, Manaia, Hemi",
            female: "Aroha, Mere, Ana, Isla, Maia, Hana, Jorja, Ruby, Anahera, Tia, Kaia, Awhina",
            last: "Wilson, Robinson, Clark, Walker, Young, Kingi, Ngata, Parata, Thompson, Lewis, Reid, Tipene",
            cities: "Auckland, Wellington, Hamilton, Tauranga, Napier, Dunedin, Nelson, Rotorua, Invercargill, Whanganui",
            states: "Auckland, Wellington, Waikato, Bay of Plenty, Hawke's Bay, Otago, Canterbury, Northland, Southland",
            streets: "Queen Street, Lambton Quay, Karangahape Road, Ponsonby Road, Cuba Street, Great North Road",
            phone: "(###)-###-####", cell: "(###)-###-####",
            postcode: "N###", numericPostcode: true, id: "", idPattern: nil
        ),
        Nationality(
            "IE", "Ireland",
            male: "Seán, Cian, Darragh, Oisín, Conor, Pádraig, Eoin, Ciarán, Liam, Rory, Tadhg, Fionn",
            female: "Aoife, Saoirse, Niamh, Siobhán, Caoimhe, Róisín, Clodagh, Orla, Éabha, Sinéad, Ciara, Gráinne",
            last: "Murphy, Kelly, O'Sullivan, Walsh, O'Brien, Byrne, Ryan, O'Connor, Doyle, McCarthy, Gallagher, Kennedy",
            cities: "Dublin, Cork, Galway, Limerick, Waterford, Kilkenny, Sligo, Tralee, Athlone, Drogheda",
            states: "Dublin City, Cork, Galway, Kerry, Mayo, Donegal, Wexford, Clare, Meath, Offaly",
            streets: "Main Street, Grafton Street, Church Road, Patrick Street, Shop Street, Castle Street, The Crescent",
            phone: "0#1-###-####", cell: "08#-###-####",
            postcode: "A## A#A#", numericPostcode: false, id: "PPS", idPattern: "#######A"
        ),
        Nationality(
            "CA", "Canada",
            male: "Liam, Logan, Nathan, Félix, William, Samuel, Benjamin, Owen, Mathis, Jacob, Étienne, Zachary",
            female: "Emma, Léa, Chloé, Olivia, Maëlle, Charlotte, Abigail, Rosalie, Alice, Madison, Juliette, Maude",
            last: "Tremblay, Gagnon, Roy, Côté, Bouchard, Gauthier, Morin, Lavoie, Fortin, Martin, Campbell, Macdonald",
            cities: "Toronto, Montréal, Calgary, Halifax, Winnipeg, Regina, Victoria, Saskatoon, Québec, Moncton",
            states: "Ontario, Québec, Alberta, Nova Scotia, Manitoba, Saskatchewan, British Columbia, New Brunswick",
            streets: "Dufferin St, Yonge St, Rue Sainte-Catherine, Main St, King St, Brock Rd, Bloor St, Rue Principale",
            phone: "N##-###-####", cell: "N##-###-####",
            postcode: "A#A #A#", numericPostcode: false, id: "SIN", idPattern: "### ### ###"
        ),
    ]
}
