DROP TABLE refused_reports;
